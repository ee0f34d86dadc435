import { existsSync } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@coup/db/testing';
import { importDataset } from '../src/import/index';
import { syntheticGame } from '../src/synthetic';
import { writeArchiveFile } from '../src/testing/files';

// `npm run bench -w packages/archive`: import speed of `coup dataset import` on a compact file of
// ARCHIVE_BENCH_GAMES synthetic games (default 600,000, the size of the public archive; goal: under
// 120 s). The file is generated once and cached in the OS temp dir; the import goes into a scratch
// database that is dropped afterwards. Prints games/s, total seconds and the peak RSS (and the CPU used and
// the machine's load, to read the wall time on a shared machine). ARCHIVE_BENCH_WORKERS sets the workers.

const GAMES = Number(process.env.ARCHIVE_BENCH_GAMES ?? 600_000);
const GOAL_SECONDS = 120;

function* games(n: number) {
  for (let k = 0; k < n; k++) yield syntheticGame(`bench:${k}`);
}

async function benchFile(): Promise<string> {
  const file = join(tmpdir(), `coup-archive-bench-${GAMES}.json.gz`);
  if (existsSync(file)) return file;
  const started = performance.now();
  process.stderr.write(`generating ${GAMES} synthetic games into ${file} (once; cached)...\n`);
  await writeArchiveFile(`${file}.part`, games(GAMES), { compact: true, gzip: true });
  await rename(`${file}.part`, file);
  process.stderr.write(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return file;
}

async function main(): Promise<void> {
  const file = await benchFile();
  const size = (await stat(file)).size;
  const db = await createTestDatabase();
  let peakRss = process.memoryUsage.rss();
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
  try {
    const workers = process.env.ARCHIVE_BENCH_WORKERS;
    const cpu = process.cpuUsage();
    const s = await importDataset({
      file,
      databaseUrl: db.url,
      name: 'bench',
      ...(workers === undefined ? {} : { workers: Number(workers) }),
    });
    const used = process.cpuUsage(cpu);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const rate = s.games / s.seconds;
    console.log(`archive import: ${s.games} compact games (${(size / 1024 / 1024).toFixed(0)} MB gzipped)`);
    console.log(
      `  loaded ${s.loaded}, bad ${s.badCount}, re-played ${s.replay.replayed} (agreed ${s.replay.agreed})`,
    );
    console.log(
      `  ${s.seconds.toFixed(1)} s total, ${Math.round(rate)} games/s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
    );
    const cpuSeconds = (used.user + used.system) / 1e6;
    // The machine may be shared: its load and our own CPU time say how far the wall time is from an idle run.
    console.log(
      `  CPU of this process (all threads) ${cpuSeconds.toFixed(1)} s (${((cpuSeconds / s.games) * 1e6).toFixed(0)} us/game); ` +
        `${availableParallelism()} cores, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const projected = (600_000 / rate).toFixed(0);
    console.log(
      `  goal: 600,000 games in < ${GOAL_SECONDS} s (${GAMES === 600_000 ? `${s.seconds.toFixed(0)} s` : `projected ${projected} s`})`,
    );
    if (s.status !== 'ready') process.exitCode = 1;
  } finally {
    clearInterval(sample);
    await db.drop();
  }
}

await main();
