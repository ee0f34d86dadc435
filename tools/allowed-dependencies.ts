// Which workspace may import which (docs/DESIGN.md "Dependencies"), checked by architecture.test.ts: one
// line per workspace (names without `@coup/`). `code` is what its production code may import, `tests` what
// its tests, test support and benchmarks may import besides. The table is kept tight: an import it does not
// allow fails, and so does an allowed workspace nothing imports (remove the line's word). A new workspace
// is one new line.

export interface Allowed {
  /** Workspaces its production code imports, space-separated. */
  code: string;
  /** Workspaces only its tests, test support and benchmarks import, space-separated. */
  tests?: string;
}

export const ALLOWED_DEPENDENCIES: Record<string, Allowed> = {
  random: { code: '' },
  threads: { code: '' },
  engine: { code: 'random' },
  protocol: { code: 'engine random' },
  runner: { code: 'engine protocol', tests: 'random' },
  bots: { code: 'engine protocol random', tests: 'rating' },
  sdk: { code: 'engine protocol' },
  rating: { code: '', tests: 'random' },
  llm: { code: 'engine protocol runner' },
  'archive-format': { code: '' },
  archive: { code: 'archive-format bots db engine protocol random threads', tests: 'competition runner' },
  db: { code: 'random', tests: 'bots protocol runner' },
  devstack: { code: 'db' },
  transports: { code: '' },
  'api-contract': { code: 'archive-format engine protocol transports' },
  gateway: { code: 'bots db llm protocol runner transports', tests: 'engine' },
  competition: { code: 'db engine gateway protocol random rating threads', tests: 'runner' },
  cli: {
    code: 'api-contract archive bots db engine llm protocol runner sdk transports',
    tests: 'devstack',
  },
  api: {
    code: 'api-contract archive bots competition db engine gateway protocol rating runner transports',
    tests: 'devstack random',
  },
  worker: {
    code: 'competition db engine gateway random rating runner threads transports',
    tests: 'devstack protocol',
  },
  web: { code: 'api-contract engine protocol random transports', tests: 'bots runner' },
  start: {
    code: 'api competition db devstack gateway web worker',
    tests: 'api-contract archive bots cli llm protocol runner sdk',
  },
};
