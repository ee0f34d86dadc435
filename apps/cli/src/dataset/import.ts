import { readLocalDatabaseUrl } from '@coup/db';
import { SingleBar } from 'cli-progress';
import { importDataset, type ImportProgress, type ImportSummary } from '@coup/archive/import';
import { CliError, EXIT_FAILED, ExitCode } from '../errors.ts';

export interface DatasetImportOptions {
  name?: string;
  databaseUrl?: string;
}

const MB = 1024 * 1024;

/** Progress on stderr: a bar on a terminal, a line every few seconds otherwise (logs, CI). */
function progressReporter(): { update(p: ImportProgress): void; stop(): void } {
  if (process.stderr.isTTY && !process.env.CI) {
    const bar = new SingleBar({
      stream: process.stderr,
      format:
        'import [{bar}] {percentage}% | {mb}/{totalMb} MB read | {games} games, {bad} bad | {eta_formatted} left',
      barCompleteChar: '#',
      barIncompleteChar: '-',
      hideCursor: true,
      etaBuffer: 20,
    });
    let started = false;
    return {
      update(p) {
        const payload = {
          mb: (p.bytesRead / MB).toFixed(0),
          totalMb: (p.totalBytes / MB).toFixed(0),
          games: p.games,
          bad: p.bad,
        };
        if (!started) bar.start(Math.max(1, p.totalBytes), 0, payload);
        started = true;
        bar.update(p.bytesRead, payload);
      },
      stop: () => started && bar.stop(),
    };
  }
  let last = 0;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 5000) return;
      last = now;
      const pct = p.totalBytes > 0 ? ((100 * p.bytesRead) / p.totalBytes).toFixed(0) : '?';
      process.stderr.write(`import: ${pct}% of the file read, ${p.games} games (${p.bad} bad)\n`);
    },
    stop() {},
  };
}

function printSummary(s: ImportSummary): void {
  const lines = [
    `dataset ${s.datasetId} (${s.name}): ${s.status}`,
    `  games read ${s.games}, loaded ${s.loaded}, bad ${s.badCount} (${s.encoding}) in ${s.seconds.toFixed(1)} s` +
      (s.seconds > 0 ? ` (${Math.round(s.games / s.seconds)} games/s)` : ''),
  ];
  for (const [reason, n] of Object.entries(s.badReasons)) lines.push(`  bad: ${reason} ${n}`);
  const r = s.replay;
  lines.push(
    `  re-played through our engine: ${r.replayed} (agreed ${r.agreed}, rules differ ${r.rulesDiffer}, disagreed ${r.disagreed}); not re-played: ${r.notReplayed}`,
  );
  for (const [name, n] of Object.entries(r.differences)) lines.push(`  rules differ: ${name} (${n} games)`);
  for (const [kind, n] of Object.entries(r.reasons).slice(0, 10)) lines.push(`  disagreed: ${kind} (${n})`);
  if (s.unknownBlockerGames > 0)
    lines.push(`  games with a block whose blocker the record does not name: ${s.unknownBlockerGames}`);
  process.stdout.write(lines.join('\n') + '\n');
}

/** What was noticed but not fatal, on stderr: the dataset is still made. */
function printWarnings(s: ImportSummary): void {
  for (const w of s.warnings) process.stderr.write(`coup: warning: ${w}\n`);
}

export async function importCommand(file: string, opts: DatasetImportOptions): Promise<void> {
  // Without one, the database of a platform started here with `npm start` (its embedded Postgres).
  const databaseUrl = opts.databaseUrl || process.env.DATABASE_URL || readLocalDatabaseUrl();
  if (!databaseUrl)
    throw new CliError(
      'no database: set DATABASE_URL or pass --database-url (or start the platform here with `npm start`)',
    );
  const progress = progressReporter();
  let summary: ImportSummary;
  // Ctrl-C (or a kill) stops the import cleanly: the dataset is marked failed and keeps no games.
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    summary = await importDataset({
      file,
      databaseUrl,
      ...(opts.name === undefined ? {} : { name: opts.name }),
      onProgress: (p) => progress.update(p),
      signal: interrupt.signal,
    });
  } catch (err) {
    progress.stop();
    throw new CliError(`import failed: ${err instanceof Error ? err.message : String(err)}`, EXIT_FAILED);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  progress.stop();
  printWarnings(summary);
  if (summary.status === 'failed') {
    const what =
      summary.datasetId === null ? 'no dataset created' : `dataset ${summary.datasetId} marked failed`;
    process.stderr.write(`coup: ${summary.error ?? 'the import failed'} (${what})\n`);
    throw new ExitCode(EXIT_FAILED);
  }
  printSummary(summary);
}
