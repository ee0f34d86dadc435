import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_PLAYER,
  type DecodedGame,
  RULE_DIFFERENCE_NAMES,
  type RuleDifference,
} from '@coup/archive-format';
import { replayCheck } from '../replay-check';
import {
  readTreasonSample,
  readTreasonSampleMeta,
  TREASON_SAMPLE_FILES,
  type TreasonSampleFile,
} from '../testing/treason-sample';
import { readGame, type ReadGame } from './read-game';

// Issue 18 on the games the treason server itself played and recorded (test-data/treason-sample): every
// game of each of its three files reads, whatever its era, table or shape; the three shapes give the same
// games; the re-play (by each game's ruleset, `original` or `inquisitors`) names every difference of rules
// and finds no record that contradicts itself.

const meta = readTreasonSampleMeta();
type Good = Extract<ReadGame, { ok: true }>;

const read = new Map<TreasonSampleFile, Map<string, ReadGame>>(
  TREASON_SAMPLE_FILES.map((file) => {
    const raws = readTreasonSample(file);
    return [
      file,
      new Map(
        raws
          .filter((raw) => raw !== null)
          .map((raw) => {
            const r = raw as { _id?: string; gameId?: string };
            return [String(r._id ?? r.gameId), readGame(raw)];
          }),
      ),
    ];
  }),
);
const good = (file: TreasonSampleFile) =>
  new Map([...read.get(file)!].flatMap(([id, r]) => (r.ok ? [[id, r] as [string, Good]] : [])));

describe.each(TREASON_SAMPLE_FILES)('the treason sample: %s', (file) => {
  it('ends with a null terminator, and reads every game before it', () => {
    const raws = readTreasonSample(file);
    expect(raws.at(-1)).toBeNull();
    const games = read.get(file)!;
    expect(games.size).toBe(meta.size);
    const refused = [...games]
      .filter(([, r]) => !r.ok)
      .map(([id, r]) => [id, !r.ok && r.reason, !r.ok && r.detail]);
    expect(refused).toEqual([]);
  });

  it('loads games with people at the same rate as AI-only games (all of them)', () => {
    const rate = (kind: (k: string) => boolean) => {
      const ids = [...meta.values()].filter((m) => kind(m.kind)).map((m) => m._id);
      return ids.filter((id) => read.get(file)!.get(id)?.ok).length / ids.length;
    };
    expect(rate((k) => k === 'ai-only')).toBe(1);
    expect(rate((k) => k !== 'ai-only')).toBe(1);
  });

  it('labels people and AI seats as they were (the documents exactly; the decoder lost the leavers)', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const [id, r] of good(file)) {
      const truth = meta.get(id)!.trueIds;
      if (!truth) continue;
      r.game.playerIds.forEach((seatId, seat) => {
        if (seatId === null) return;
        checked++;
        if ((seatId === 'ai') !== (truth[seat] === 'ai')) wrong.push(`${id} seat ${seat}`);
      });
    }
    expect(checked).toBeGreaterThan(4000);
    // The decoder's complete lists are taken as written: it orders two players eliminated in the same
    // turn by seat, the server by when it took their cards (one game of the sample).
    if (file === 'games.json.gz') expect(wrong).toEqual([]);
    else expect(wrong.length).toBeLessThanOrEqual(2);
  });

  it('reads a block from packed bytes only where the era says the bytes name the blocker', () => {
    for (const [id, r] of good(file)) {
      const era = meta.get(id)!.era;
      // The server's documents carry their date; the other shapes tell their era from the record.
      if (file === 'games.json.gz') expect(r.era.blockerRecorded, id).toBe(era === 'head');
      else if (r.era.blockerRecorded !== null) expect(r.era.blockerRecorded, id).toBe(era === 'head');
    }
  });

  it('re-plays every game, original and inquisitors: no disagreement, each difference named by class', () => {
    const counts = new Map<RuleDifference | 'agreed' | 'disagreed' | 'not_replayed', number>();
    const add = (k: RuleDifference | 'agreed' | 'disagreed' | 'not_replayed') =>
      counts.set(k, (counts.get(k) ?? 0) + 1);
    const eraOf = new Map<RuleDifference, Set<string>>();
    const agreedBy = { original: 0, inquisitors: 0 };
    for (const [id, r] of good(file)) {
      const c = replayCheck(r.game);
      expect(c.status, `${id}: ${'note' in c ? c.note : ''}`).not.toBe('disagreed');
      if (c.status === 'rules_differ') {
        for (const d of c.differences) {
          add(d);
          eraOf.set(d, (eraOf.get(d) ?? new Set()).add(meta.get(id)!.era));
        }
      } else add(c.status);
      expect(c.status, id).not.toBe('not_replayed');
      if (c.status === 'agreed') agreedBy[r.game.gameType]++;
    }
    // Every class shows in the sample, and the eras' own rules show where they should.
    for (const d of RULE_DIFFERENCE_NAMES) expect(counts.get(d) ?? 0, d).toBeGreaterThan(0);
    expect([...eraOf.get('assassination_refund')!]).not.toContain('2017');
    expect([...eraOf.get('two_player_first_coin')!]).not.toContain('2017');
    expect(counts.get('agreed')).toBeGreaterThan(100);
    // The sample's 488 inquisitors games (of 1,233) re-play as the engine's `inquisitors` ruleset.
    expect(agreedBy.original).toBeGreaterThan(100);
    expect(agreedBy.inquisitors).toBeGreaterThan(100);
  });
});

describe('the treason sample, its three shapes together', () => {
  const byFile = Object.fromEntries(TREASON_SAMPLE_FILES.map((f) => [f, good(f)])) as Record<
    TreasonSampleFile,
    Map<string, Good>
  >;
  const withoutBlockers = (g: DecodedGame) =>
    g.events.map((e) => (e.type === 'BLOCK' ? { ...e, blockingPlayer: 0 } : e));

  it('gives the same games, turns and results from each shape', () => {
    for (const [id, doc] of byFile['games.json.gz']) {
      for (const other of [byFile['games-documented.json.gz'], byFile['games_full.json.gz']]) {
        const g = other.get(id)!.game;
        // toEqual walks 1,233 games x 2 in ~5 s (its matcher machinery per node): a strict structural
        // check first, and toEqual (its looser rules and its diff) only where that finds a difference.
        const [a, b] = [withoutBlockers(g), withoutBlockers(doc.game)];
        if (!isDeepStrictEqual(a, b)) expect(a, id).toEqual(b);
        if (!isDeepStrictEqual(g.playerRank, doc.game.playerRank))
          expect(g.playerRank, id).toEqual(doc.game.playerRank);
        expect(g.winner, id).toBe(doc.game.winner);
      }
    }
  });

  it('never disagrees on a blocker between shapes: a blocker one shape names, the others name or leave unknown', () => {
    let known = 0;
    for (const [id, doc] of byFile['games.json.gz']) {
      const blocks = (g: DecodedGame) =>
        g.events.flatMap((e) => (e.type === 'BLOCK' ? [e.blockingPlayer] : []));
      const a = blocks(doc.game);
      for (const other of [byFile['games-documented.json.gz'], byFile['games_full.json.gz']]) {
        blocks(other.get(id)!.game).forEach((b, k) => {
          if (b !== UNKNOWN_PLAYER && a[k] !== UNKNOWN_PLAYER) expect(b, id).toBe(a[k]);
        });
      }
      known += a.filter((b) => b !== UNKNOWN_PLAYER).length;
    }
    expect(known).toBeGreaterThan(1000);
  });

  it("puts the server's player ids back on their seats (the decoder slid them after a leaver)", () => {
    for (const [id, doc] of byFile['games.json.gz']) {
      const truth = meta.get(id)!.trueIds;
      if (!truth) continue;
      // The documents keep every id (ranked or left); the decoder's files lose the leavers' ids only.
      expect(doc.game.playerIds, id).toEqual(truth);
      const decoded = byFile['games_full.json.gz'].get(id)!.game.playerIds;
      // Where the decoder lost ids (a player left), the ones it kept are put back on their seats.
      if (decoded.includes(null))
        decoded.forEach((x, s) => {
          if (x !== null && x !== doc.game.playerIds[s])
            expect.fail(`${id} seat ${s}: ${x} vs ${doc.game.playerIds[s]}`);
        });
    }
  });
});
