import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// docker-compose.yml as Compose reads it (YAML merge keys resolved): the API and the worker come back by
// themselves when their process dies (README "Operating it: what survives what").

const file = path.join(import.meta.dirname, '..', 'docker-compose.yml');
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
  services: Record<string, { restart?: string; command?: string[] }>;
};

describe('docker-compose.yml', () => {
  it.each(['api', 'worker'])(
    'restarts the %s service when its process dies (restart: unless-stopped)',
    (name) => {
      const service = compose.services[name];
      expect(service, `no ${name} service`).toBeDefined();
      expect(service?.restart).toBe('unless-stopped');
    },
  );

  it('runs the API and the worker from their process entry points', () => {
    expect(compose.services.api?.command).toEqual(['npx', 'tsx', 'apps/start/src/server.ts']);
    expect(compose.services.worker?.command).toEqual(['npx', 'tsx', 'apps/worker/src/main.ts']);
  });
});
