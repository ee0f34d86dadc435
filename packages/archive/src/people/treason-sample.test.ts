import { readFileSync } from 'node:fs';
import { PEOPLE_MODEL_FILE, formatPeopleModel, parsePeopleModel, peopleModelFile } from '@coup/bots';
import { describe, expect, it } from 'vitest';
import { newBaselineAccumulator } from '../baselines';
import type { DecodedGame } from '@coup/archive-format';
import { treasonSamplePath, readTreasonSampleMeta } from '../testing';
import { PeopleFitter } from './fit';
import { readFileGames } from './sources';

// The people model fitted on the sample of games recorded by the treason server: people's games only,
// and the model shipped in packages/bots/models/people.json is exactly this fit (the best data the
// repository holds; an operator refits on the whole archive with `coup dataset fit-people`).

describe('the people model on the treason sample', async () => {
  const games: DecodedGame[] = [];
  const read = await readFileGames(treasonSamplePath('games.json.gz'), (g) => games.push(g));
  const fitter = new PeopleFitter();
  for (const g of games) fitter.add(g);

  it("reads every game and counts only the games with people, and only people's decisions", () => {
    expect(read).toMatchObject({ games: 1233, skipped: {} });
    const meta = [...readTreasonSampleMeta().values()];
    expect(fitter.gamesWithPeople).toBe(meta.filter((m) => m.kind !== 'ai-only').length);
    const acc = newBaselineAccumulator();
    for (const g of games) acc.add(g);
    const base = acc.result().byGameType;
    const m = fitter.model({ fittedAt: 'x' });
    const people = base.original.humans.actions + base.inquisitors.humans.actions;
    expect(m.source.decisions.action).toBe(people);
    expect(m.source.decisions.challenge).toBe(
      base.original.humans.challengeChances + base.inquisitors.humans.challengeChances,
    );
    expect(m.source.decisions.block).toBeCloseTo(
      base.original.humans.blockChances + base.inquisitors.humans.blockChances,
      0,
    );
    // Far fewer than everyone's: the sample's ai seats are left out.
    expect(people).toBeLessThan((base.original.all.actions + base.inquisitors.all.actions) / 2);
  });

  it('is the model shipped with the bot (refit it when the fitter changes: see docs/ARCHIVE.md)', () => {
    const text = readFileSync(PEOPLE_MODEL_FILE, 'utf8');
    const shipped = peopleModelFile.parse(JSON.parse(text));
    expect(shipped.source.description).toBe('archive file games.json.gz');
    const refit = fitter.model({
      description: shipped.source.description,
      fittedAt: shipped.source.fittedAt,
    });
    expect(formatPeopleModel(refit)).toBe(text);
    expect(() => parsePeopleModel(shipped)).not.toThrow();
  });
});
