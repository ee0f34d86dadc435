import type { DecodedGame } from '../format';

// THE ONE CALL SITE of the human baselines (issue 13, archive-browse's packages/archive/src/baselines.ts).
// LEAD, when merging: replace the body of createBaselines with
//   import { newBaselineAccumulator } from '../baselines';
//   return newBaselineAccumulator();
// The importer calls add() once per loaded game (decoded, checked) and stores result() in
// human_datasets.baselines. Until then no baselines are computed (the column stays NULL).

export interface BaselineSink {
  add(game: DecodedGame): void;
  result(): unknown;
}

export function createBaselines(): BaselineSink | null {
  return null;
}
