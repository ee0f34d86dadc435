import { fileURLToPath } from 'node:url';
import shipped from '../../models/people.json';
import { parsePeopleModel } from './model';
import type { PeopleModel } from './model';

// The shipped model, part of the code (bundled with it, so an installed `coup` plays `bot:people` too).
// `coup dataset fit-people` rewrites the file (PEOPLE_MODEL_FILE, its default --out); the bot reads the
// new one at its next start. Parsed and checked once per process, at the first `people` bot made.

/** Where the shipped model lives in a checkout of the repository. */
export const PEOPLE_MODEL_FILE = fileURLToPath(new URL('../../models/people.json', import.meta.url));

let cached: PeopleModel | undefined;

export function defaultPeopleModel(): PeopleModel {
  cached ??= parsePeopleModel(shipped);
  return cached;
}
