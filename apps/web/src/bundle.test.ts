import { statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyBundle } from './server/bundle';

// The in-memory bundle: built once, cached, and (when watching, for development) rebuilt after an edit.

const SOURCE = fileURLToPath(new URL('./client/format.ts', import.meta.url));

describe('web bundle', () => {
  it('builds app.js and app.css once, and rebuilds after an edit only when watching', async () => {
    const cached = lazyBundle();
    const watching = lazyBundle({ watch: true });
    const [a, w] = await Promise.all([cached(), watching()]);
    expect([...a.assets.keys()].sort()).toEqual(['app.css', 'app.css.map', 'app.js', 'app.js.map']);
    expect(a.assets.get('app.js')?.body.toString()).toContain('Coup Arena');
    expect(a.version).toBe(w.version);
    expect(await cached({ fresh: true })).toBe(a);
    expect(await watching({ fresh: true })).toBe(w);

    // The forms' schemas come from the API's contract, with only the zod they use: no other locale.
    const js = a.assets.get('app.js')?.body.toString() ?? '';
    expect(js).toContain('an http agent needs an endpointUrl');
    expect(js).not.toContain('Ungültige Eingabe');
    expect(js.length).toBeLessThan(400_000);

    const before = statSync(SOURCE);
    try {
      const later = new Date(Date.now() + 5000);
      utimesSync(SOURCE, later, later);
      expect(await cached({ fresh: true })).toBe(a);
      const rebuilt = await watching({ fresh: true });
      expect(rebuilt).not.toBe(w);
      // Same sources, same bundle.
      expect(rebuilt.version).toBe(w.version);
      // Asset requests (not fresh) do not look at the sources.
      expect(await watching()).toBe(rebuilt);
    } finally {
      utimesSync(SOURCE, before.atime, before.mtime);
    }
  });
});
