import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Replay } from '@coup/protocol';

// Replays recorded by engine 1.0.0 (the 32-bit seeding), committed before engine 2.0.0: whatever
// re-runs replays (verifier, statistics, per-seat replays, viewers) must still re-run them.

/** JSON lines, as `coup play --out` writes them (packages/runner/fixtures/README.md). */
export const ENGINE_1_REPLAYS_FILE = fileURLToPath(
  new URL('../../fixtures/replays-engine-1.0.0.jsonl', import.meta.url),
);

/** The engine 1.0.0 replays, parsed (fresh objects on every call, so tests may modify them). */
export function engine1Replays(): Replay[] {
  return readFileSync(ENGINE_1_REPLAYS_FILE, 'utf8')
    .trim()
    .split('\n')
    .map((line) => Replay.parse(JSON.parse(line)));
}
