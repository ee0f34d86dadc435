import { startApi } from '@coup/api';
import type { ApiOptions, RunningApi } from '@coup/api';
import { webPlugin } from '@coup/web';
import { startWorkers } from '@coup/worker';
import type { Workers } from '@coup/worker';
import { queueDemoMatches } from './demo';

// The composition root: the one place that knows every app. The API serves the REST API and the WebSocket
// gateway, the web UI is registered on the same port, and a worker (match runs, the ladder jobs) may run in
// the same process. Apps never import each other; they meet here.

export interface PlatformOptions extends ApiOptions {
  /** Run a match worker in this process (the one-command start does; a scaled-out API does not). */
  worker: boolean;
  /** Queue demo matches on an empty database. */
  demo: boolean;
}

export interface RunningPlatform extends RunningApi {
  /** The match worker and ladder jobs, when this process runs them. */
  workers: Workers | null;
  /** Demo matches queued by this start (0 unless `demo` and the database had no match). */
  demoMatches: number;
}

/** Migrates, then starts the API with the web UI (and optionally a worker) on the given Postgres and Redis. */
export async function startPlatform(o: PlatformOptions): Promise<RunningPlatform> {
  const { env } = o;
  const api = await startApi({
    ...o,
    extend: async (app) => {
      await o.extend?.(app);
      await app.register(webPlugin, { eventsEnabled: env.EVENTS_ENABLED });
    },
  });
  const workers = o.worker
    ? await startWorkers(api.runtime, api.url, (msg, extra) => api.app.log.warn(extra ?? {}, msg))
    : null;
  let demoMatches = 0;
  if (o.demo) {
    demoMatches = await queueDemoMatches(
      api.runtime.prisma,
      api.runtime.matchQueue,
      api.house,
      env.DEMO_MATCHES,
      env.MATCH_TIMEOUT_MS,
    );
  }
  return {
    ...api,
    workers,
    demoMatches,
    async stop(opts: { force?: boolean } = {}) {
      await workers?.close(opts);
      await api.stop();
    },
  };
}
