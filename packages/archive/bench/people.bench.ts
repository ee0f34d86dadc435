// How near the `people` bot plays to the people it was fitted on: `npm run bench -w @coup/archive` (this
// part alone: `npx tsx packages/archive/bench/people.bench.ts`; PEOPLE_BENCH_MATCHES, default 400).
// Fits the model on (1) the treason sample's games with people (what the shipped model is fitted on) and
// (2) a generated dataset (300 heuristic-bot matches as archive games, as the nearness test), plays its
// matches with the runner in-process against heuristic, honest and random bots, and prints its figures
// (the profiles' counters) beside the dataset's human baselines (original games, people's decisions).
import { parsePeopleModel } from '@coup/bots';
import { newBaselineAccumulator } from '../src/baselines.ts';
import type { DecodedGame } from '@coup/archive-format';
import { PeopleFitter } from '../src/people/fit.ts';
import { readFileGames } from '../src/people/sources.ts';
import {
  botDataset,
  compareWithBaseline,
  formatNearness,
  playPeopleMatches,
  treasonSamplePath,
} from '../src/testing/index.ts';

const matches = Number(process.env.PEOPLE_BENCH_MATCHES ?? 400);

async function report(title: string, games: DecodedGame[], fitSeconds: number | null): Promise<void> {
  const fitter = new PeopleFitter();
  const t0 = performance.now();
  for (const g of games) fitter.add(g);
  const file = fitter.model();
  const model = parsePeopleModel(file);
  const fit = fitSeconds ?? (performance.now() - t0) / 1000;
  const acc = newBaselineAccumulator();
  for (const g of games) acc.add(g);
  const people = acc.result().byGameType.original.humans;
  const t1 = performance.now();
  const figures = await playPeopleMatches({ model, matches, seed: 'bench' });
  const play = (performance.now() - t1) / 1000;
  const rows = compareWithBaseline(figures, people);
  const diffs = rows.map((r) => r.diff ?? 0);
  console.log(`\n${title}`);
  console.log(
    `  fitted on ${fitter.gamesWithPeople} games with people (${fitter.decisions} decisions) in ${fit.toFixed(2)} s; ` +
      `${matches} matches (${figures.seats} people seats, ${figures.decisions} decisions) in ${play.toFixed(1)} s`,
  );
  for (const line of formatNearness(rows)) console.log(`  ${line}`);
  console.log(`  largest difference ${Math.max(...diffs).toFixed(3)}`);
  // Block rates situation by situation (the model's block key of level 2), both sides with 100 chances.
  for (const [key, ...counts] of file.games.original?.block.levels[2] ?? []) {
    const n = counts.reduce((a, b) => a + b, 0);
    const mine = figures.blocksBySituation[key];
    if (!mine || mine.chances < 100 || n < 100) continue;
    const bot = mine.blocks / mine.chances;
    const people = 1 - (counts[0] as number) / n;
    console.log(
      `  block rate ${key.padEnd(22)} ${bot.toFixed(3)}  ${people.toFixed(3)}  ${Math.abs(bot - people).toFixed(3)}   (${mine.chances} / ${Math.round(n)})`,
    );
  }
}

const sample: DecodedGame[] = [];
const t0 = performance.now();
await readFileGames(treasonSamplePath('games.json.gz'), (g) => sample.push(g));
const read = (performance.now() - t0) / 1000;
console.log(
  `people bot nearness to human baselines (${matches} matches per dataset; read the sample in ${read.toFixed(1)} s)`,
);
await report('treason sample (test-data/treason-sample/games.json.gz): the shipped model', sample, null);
const generated = await botDataset({ games: 300, seed: 'nearness', kinds: ['heuristic'] });
await report('generated dataset (300 heuristic matches, the nearness test)', generated, null);
