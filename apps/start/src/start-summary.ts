import path from 'node:path';
import { describeAgentAddresses } from '@coup/platform';
import type { Env } from '@coup/platform';

// What `npm start` prints once everything runs: where to open the platform, where the admin key is, what
// it set up (house agents, demo matches), the settings a newcomer trips over (which agent addresses it
// calls, the LLM server), and where the API's log went. Nothing per request: that is in the log file.

export interface StartFacts {
  env: Pick<
    Env,
    | 'HOST'
    | 'PUBLIC_URL'
    | 'AGENT_ADDRESSES'
    | 'DEMO_MATCHES'
    | 'LLM_BASE_URL'
    | 'LLM_API_KEY'
    | 'LLM_MODELS'
    | 'LLM_TIMEOUT_MS'
    | 'LOG_LEVEL'
  >;
  /** AGENT_ADDRESSES was set (rather than its default). */
  addressesExplicit: boolean;
  port: number;
  /** Where the generated admin key is kept; null when ADMIN_KEY is set. */
  adminKeyFile: string | null;
  house: string[];
  demoMatches: number;
  /** The API's JSON log (null: it goes to the terminal). */
  logFile: string | null;
  /** How the matches are played: a worker process, inside the API, or not here at all. */
  worker: 'process' | 'in-process' | 'off';
  /** How many worker processes (worker 'process'); default 1. */
  workerProcesses?: number;
  /** Shown relative to this folder when inside it (the repository). */
  cwd?: string;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The URL a person should open: PUBLIC_URL, else the listening address (localhost for every interface). */
export function urlToOpen(env: { HOST: string; PUBLIC_URL?: string | undefined }, port: number): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = WILDCARD_HOSTS.has(env.HOST) ? 'localhost' : env.HOST;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** The LLM settings in force, the API key never shown (only whether there is one). */
export function describeLlm(env: StartFacts['env']): string {
  if (!env.LLM_BASE_URL) return 'off: LLM_BASE_URL is not set, so hosted llm agents cannot be registered';
  const models = env.LLM_MODELS.length
    ? `models ${env.LLM_MODELS.map((m) => m.name).join(', ')} (LLM_MODELS)`
    : 'no models: set LLM_MODELS to the ones users may pick';
  const key = env.LLM_API_KEY ? 'API key set' : 'no API key';
  return `${env.LLM_BASE_URL} (${key}), ${models}, decision deadline ${env.LLM_TIMEOUT_MS} ms (LLM_TIMEOUT_MS)`;
}

export function startSummary(f: StartFacts): string[] {
  const url = urlToOpen(f.env, f.port);
  const shown = (file: string) => {
    const rel = f.cwd ? path.relative(f.cwd, file) : file;
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
  };
  const admin = f.adminKeyFile ? `in ${shown(f.adminKeyFile)}` : 'ADMIN_KEY (from the environment)';
  const demo =
    f.demoMatches > 0
      ? `${f.demoMatches} queued between the house agents (DEMO_MATCHES=${f.env.DEMO_MATCHES})`
      : f.env.DEMO_MATCHES === 0
        ? 'none (DEMO_MATCHES=0)'
        : 'none queued: the database already has matches';
  const matches =
    f.worker === 'process'
      ? (f.workerProcesses ?? 1) === 1
        ? 'a worker process'
        : `${f.workerProcesses} worker processes (WORKER_PROCESSES; default one per core)`
      : f.worker === 'in-process'
        ? 'inside the API process (WORKER_IN_PROCESS)'
        : 'not here (RUN_WORKER=false): a worker elsewhere plays them';
  const logs = f.logFile
    ? `${shown(f.logFile)} (JSON, LOG_LEVEL=${f.env.LOG_LEVEL}: every request; warnings and errors show here too)`
    : 'on this terminal';
  return [
    `Coup Arena is running at ${url} (open it in a browser)`,
    `  API docs:        ${url}/docs`,
    `  admin key:       ${admin} (operator pages such as ${url}/admin/queues)`,
    `  house agents:    ${f.house.length ? f.house.join(', ') : 'none'}`,
    `  demo matches:    ${demo}`,
    `  matches played:  ${matches}`,
    `  ${describeAgentAddresses(f.env.AGENT_ADDRESSES, f.addressesExplicit)}`,
    `  LLM agents:      ${describeLlm(f.env)}`,
    `  API log:         ${logs}`,
    'Press Ctrl-C to stop.',
  ];
}
