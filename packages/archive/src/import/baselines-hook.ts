import type { DecodedGame } from '../format';
import { newBaselineAccumulator } from '../baselines';

// The one call site of the human baselines (baselines.ts): the importer calls add() once per loaded game
// (decoded, checked) and stores result() in human_datasets.baselines.

export interface BaselineSink {
  add(game: DecodedGame): void;
  result(): unknown;
}

export function createBaselines(): BaselineSink | null {
  return newBaselineAccumulator();
}
