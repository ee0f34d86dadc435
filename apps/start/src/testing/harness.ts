import { startHarness as startApiHarness } from '@coup/api/testing';
import type { Harness as ApiHarness, HarnessOptions as ApiHarnessOptions } from '@coup/api/testing';
import { startPlatform } from '../platform';
import type { RunningPlatform } from '../platform';

// The API's test harness (own database, own Redis prefix, port 0) started as the composition root starts the
// platform: the API with the web UI and, unless `worker: false`, a worker in the same process.

export type Harness = ApiHarness<RunningPlatform>;
export type HarnessOptions = Omit<ApiHarnessOptions<RunningPlatform>, 'start'>;

export function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  return startApiHarness({ ...o, worker: o.worker ?? true, start: startPlatform });
}

export { deleteKeys, errorShapeProblem, REDIS_URL, scanKeys, uniqueName } from '@coup/api/testing';
export type { Account, ApiResponse, MatchView, RequestOptions } from '@coup/api/testing';
