import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

// The sample of games recorded by the treason server (packages/archive/test-data/treason-sample, a copy of
// ../shared/data/treason-sample): its three files of the same 1,233 games and what is known of each.
// TREASON_SAMPLE_DIR points the tests at another set of files with the same names.

export const TREASON_SAMPLE_FILES = [
  'games.json.gz',
  'games-documented.json.gz',
  'games_full.json.gz',
] as const;
export type TreasonSampleFile = (typeof TREASON_SAMPLE_FILES)[number];

export interface TreasonSampleMeta {
  _id: string;
  /** The treason version that played it: `2017`, `2020` or `head`. */
  era: string;
  /** `ai-only`, `mixed` or `humans-only`. */
  kind: string;
  gameType: 'original' | 'inquisitors';
  players: number;
  /** The seats' ids as they really were ("ai" for the server's AI players). */
  trueIds?: string[];
}

export function treasonSampleDir(): string {
  return (
    process.env.TREASON_SAMPLE_DIR ||
    fileURLToPath(new URL('../../test-data/treason-sample/', import.meta.url))
  );
}

export const treasonSamplePath = (file: TreasonSampleFile) =>
  `${treasonSampleDir().replace(/\/?$/, '/')}${file}`;

/** The elements of one of the sample's files (the whole array, terminator included). */
export function readTreasonSample(file: TreasonSampleFile): unknown[] {
  return JSON.parse(gunzipSync(readFileSync(treasonSamplePath(file))).toString('utf8')) as unknown[];
}

/** What is known of each game, by id. */
export function readTreasonSampleMeta(): Map<string, TreasonSampleMeta> {
  const text = gunzipSync(readFileSync(`${treasonSampleDir().replace(/\/?$/, '/')}meta.jsonl.gz`)).toString(
    'utf8',
  );
  const out = new Map<string, TreasonSampleMeta>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as TreasonSampleMeta;
    out.set(m._id, m);
  }
  return out;
}
