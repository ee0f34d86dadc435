import { newBaselineAccumulator } from '../baselines';
import type { BaselineAccumulator } from '../baselines';

// The one place the importer makes human baselines (baselines.ts): each chunk of games is counted where it
// is checked (a worker thread, process-games.ts), the chunks' counters are merged into this accumulator,
// and its result() is stored in human_datasets.baselines. Sending counters rather than decoded games back
// from the threads keeps the import at its speed (structured-cloning every game tripled its CPU).

export function createBaselines(): BaselineAccumulator {
  return newBaselineAccumulator();
}
