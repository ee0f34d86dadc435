// For the API's process entry points (api-main.ts under `npm start`, server.ts under docker-compose). A
// promise that fails with nobody waiting for it (a fire-and-forget call in some handler) would end the
// process, and every socket and request with it: it is logged instead, and the process carries on. An
// uncaught exception still ends the process (its state is unknown); `npm start` and docker-compose start
// it again.

export function keepRunningOnUnhandledRejections(): void {
  process.on('unhandledRejection', (reason: unknown) => {
    const what = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    console.error(`unhandled promise rejection (the process carries on): ${what}`);
  });
}
