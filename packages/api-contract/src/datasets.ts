import { z } from 'zod';
import {
  archiveEvent,
  figureBasis,
  GAME_TYPES,
  gameTimeline,
  humanBaselines,
  playerState,
  RULE_DIFFERENCE_NAMES,
} from '@coup/archive-format';
import { idOf, Limit, queryInt, Timestamp } from './common';

// Human datasets: games of the public human archive imported by `coup dataset import` (docs/ARCHIVE.md),
// browsed read-only like replays. Only `ready` datasets are public: an import in progress or a failed one
// is neither listed nor served (404).

export const DatasetId = idOf('hds');
export const DatasetPath = z.object({ id: DatasetId });
export const DatasetGamePath = z.object({
  id: DatasetId,
  /** The game's 1-based position in the imported file. */
  ordinal: queryInt(1, 1_000_000_000),
});

/**
 * A game's re-play through our engine: `agreed`; `rules_differ` (it parts ways with our engine only where
 * the archive's server plays by other rules, named in `replayDifferences`); `disagreed` (no known
 * difference explains it: see `replayNote`); `not_replayed` (events that do not parse into turns; before
 * rulesets were values, every inquisitors game). Both game types are re-played, each by its ruleset.
 */
export const ReplayStatus = z.enum(['agreed', 'rules_differ', 'disagreed', 'not_replayed']);

/** The known differences of rules between the archive's server and ours (docs/ARCHIVE.md). */
export const RuleDifference = z.enum(RULE_DIFFERENCE_NAMES);

/** A known difference of rules, said in words. */
export const RuleDifferenceOut = z.object({ name: RuleDifference, description: z.string() });

/** Games re-played through our engine, each by its game type's ruleset (`original`, `inquisitors`). */
export const ReplayCheck = z.object({
  replayed: z.number().int(),
  agreed: z.number().int(),
  /** Games that part ways with our engine only by known differences of rules. */
  rulesDiffer: z.number().int(),
  /** Games no known difference of rules explains (a record that contradicts itself). */
  disagreed: z.number().int(),
  /** Games per known difference of rules (a game counts once under each it shows). */
  differences: z.partialRecord(RuleDifference, z.number().int()),
  /** Disagreements by reason. */
  reasons: z.record(z.string(), z.number().int()),
});

export const DatasetOut = z
  .object({
    id: DatasetId,
    /** Always `human`: games people played elsewhere, not matches of this platform. */
    kind: z.literal('human'),
    name: z.string(),
    sourceFile: z.string(),
    encoding: z.string(),
    status: z.enum(['importing', 'ready', 'failed']),
    gamesCount: z.number().int(),
    badCount: z.number().int(),
    replayCheck: ReplayCheck.nullable(),
    /** What the import noticed but did not fail the file for (bytes after the gzip data, ...). */
    warnings: z.array(z.string()),
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable(),
    links: z.object({ self: z.string(), games: z.string() }),
  })
  .meta({ id: 'Dataset' });

export const DatasetDetail = DatasetOut.extend({
  /** Games left out by reason (docs/ARCHIVE.md names the reasons). */
  badReasons: z.record(z.string(), z.number().int()),
  /**
   * The known differences of rules the re-play met (replayCheck.differences), most games first, each with
   * what it is: where the archive's server and our engine play by other rules (not a disagreement).
   */
  ruleDifferences: z.array(RuleDifferenceOut.extend({ games: z.number().int() })),
  baselines: humanBaselines.nullable(),
}).meta({ id: 'DatasetDetail' });

export const DatasetListQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

export const DatasetGamesQuery = z.strictObject({
  gameType: z.enum(GAME_TYPES).optional(),
  playerCount: queryInt(2, 6).optional(),
  replayStatus: ReplayStatus.optional(),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

export const HumanGameRow = z
  .object({
    ordinal: z.number().int(),
    gameId: z.string(),
    gameType: z.enum(GAME_TYPES),
    playerCount: z.number().int(),
    winner: z.number().int(),
    /** Players that are not "ai" (seats whose id the record lost are not counted). */
    humans: z.number().int(),
    /** START_OF_TURN events. */
    turns: z.number().int(),
    replayStatus: ReplayStatus,
  })
  .meta({ id: 'HumanGameRow' });

export const HumanGameOut = z
  .object({
    kind: z.literal('human'),
    datasetId: DatasetId,
    ordinal: z.number().int(),
    gameId: z.string(),
    gameType: z.enum(GAME_TYPES),
    playerCount: z.number().int(),
    /** `id` null where the record lost it (a person who left); `human`: not "ai" (null: unknown). */
    players: z.array(
      z.object({ seat: z.number().int(), id: z.string().nullable(), human: z.boolean().nullable() }),
    ),
    winner: z.number().int(),
    playerRank: z.array(z.number().int()),
    replayStatus: ReplayStatus,
    replayNote: z.string().nullable(),
    /** The known differences of rules this game shows (with `rules_differ`, or before a disagreement). */
    replayDifferences: z.array(RuleDifferenceOut),
    /** The archive's events, unpacked (a BLOCK's player is -1 where the record does not say who). */
    events: z.array(archiveEvent),
    /** The same events turn by turn, for a viewer. */
    timeline: gameTimeline,
    /** Coins and cards at GAME_OVER (as timeline.final). */
    final: z.array(playerState).nullable(),
  })
  .meta({ id: 'HumanGame' });

/**
 * People's figures beside an agent's own behaviour figures (GET /v1/agents/:id): from the most recent ready
 * dataset with baselines, `original` games (our rules), people's decisions only. Same names and meanings
 * as the profile's `stats`.
 */
export const HumanBaselineComparison = z
  .object({
    datasetId: DatasetId,
    datasetName: z.string(),
    gameType: z.literal('original'),
    /** Games with people the figures come from (AI-only games of the archive are left out). */
    games: z.number().int(),
    /** Per figure, the games and people's decisions it rests on (its denominator). */
    basis: z.object({
      bluffRate: figureBasis,
      challengeRate: figureBasis,
      challengeSuccess: figureBasis,
      blockRate: figureBasis,
    }),
    bluffRate: z.number().nullable(),
    challengeRate: z.number().nullable(),
    challengeSuccess: z.number().nullable(),
    blockRate: z.number().nullable(),
    /** Bluffs per known claim of each role (duke, captain, assassin, ambassador, contessa). */
    bluffRateByRole: z.record(z.string(), z.number().nullable()),
  })
  .meta({ id: 'HumanBaselineComparison' });

/**
 * People's figures of one ruleset's games (the archive's game type of the same name), beside the agent's
 * figures of that ruleset (the profile's `statsByRuleset`): the same fields as HumanBaselineComparison,
 * `bluffRateByRole` over the ruleset's roles.
 */
export const HumanRulesetBaseline = HumanBaselineComparison.extend({ gameType: z.enum(GAME_TYPES) }).meta({
  id: 'HumanRulesetBaseline',
});
