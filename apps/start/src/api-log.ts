import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import path from 'node:path';

// `npm start` keeps the API's log in a file: every JSON line it writes (one per request and response at
// LOG_LEVEL=info, server events, warnings) goes to .data/logs/api.log, and the terminal shows only the
// warnings and errors, as one readable line each. The previous run's file is kept as api.log.1.

/** pino's levels (fastify's logger): 30 info, 40 warn, 50 error, 60 fatal. */
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const WARN = 40;

interface LogEntry {
  level: number;
  msg: string;
  err?: { message?: string };
}

/** A line of the API's JSON log, or null for anything else (the `[coup] ...` lines of api-main.ts). */
export function parseLogLine(line: string): LogEntry | null {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line) as Partial<LogEntry>;
    return typeof entry.level === 'number' && typeof entry.msg === 'string' ? (entry as LogEntry) : null;
  } catch {
    return null;
  }
}

export class ApiLogFile {
  private readonly out: WriteStream;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    if (existsSync(file)) renameSync(file, `${file}.1`);
    this.out = createWriteStream(file, { flags: 'a' });
  }

  /** Files one line of the API process; returns what to show on the terminal, or null (the file only). */
  route(line: string): string | null {
    const entry = parseLogLine(line);
    if (!entry) return line;
    this.out.write(`${line}\n`);
    if (entry.level < WARN) return null;
    const detail = entry.err?.message && entry.err.message !== entry.msg ? `: ${entry.err.message}` : '';
    return `[coup] api ${LEVELS[entry.level] ?? entry.level}: ${entry.msg}${detail} (details in ${this.file})`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(() => resolve()));
  }
}
