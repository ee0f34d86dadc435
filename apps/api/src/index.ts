// @coup/api: the REST API and the WebSocket gateway. A composition root (apps/start) starts it with
// startApi and may register more on the same app (the web UI) before it listens.
export { startApi } from './boot/api';
export type { ApiOptions, RunningApi } from './boot/api';
