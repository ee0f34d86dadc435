import { BLOCKERS, createBot, handKey, peopleBot } from '@coup/bots';
import type { BotKind, PeopleModel } from '@coup/bots';
import { ROLES } from '@coup/engine';
import type { Role } from '@coup/engine';
import { behaviour, seatStats, sumStats } from '@coup/competition';
import type { SeatStats } from '@coup/competition';
import { replaySteps } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';
import type { BehaviourBaseline } from '@coup/archive-format';

// How the `people` bot behaves in its own matches, counted as the agents' profiles count it (@coup/competition
// seat-stats: bluffRate, per-role bluff rates, challengeRate, challengeSuccess, blockRate) plus the action
// mix, and how near that lands to a dataset's human baselines. The matches are played by the real runner,
// in-process, the people bot against a mix of built-in bots (tests and bench/people.bench.ts).

export const MIX_ACTIONS = [
  'income',
  'foreign_aid',
  'tax',
  'steal',
  'assassinate',
  'exchange',
  'coup',
] as const;
type MixAction = (typeof MIX_ACTIONS)[number];

export interface PeopleFigures {
  matches: number;
  /** People seats played. */
  seats: number;
  decisions: number;
  actions: number;
  /** Share of each action among the bot's turn actions. */
  actionMix: Record<MixAction, number | null>;
  bluffRate: number | null;
  bluffRateByRole: Partial<Record<Role, number | null>>;
  challengeRate: number | null;
  challengeSuccess: number | null;
  blockRate: number | null;
  /**
   * Blocks and block chances by situation: `action|held` (the action, and the roles that may block it
   * that the bot held), the model's block key of level 2.
   */
  blocksBySituation: Record<string, { blocks: number; chances: number }>;
  /** The counters behind the rates (claims per role, chances). */
  stats: SeatStats;
}

export interface PeopleMatchOptions {
  model: PeopleModel;
  matches: number;
  seed: string;
  /** The built-in bots it meets (default heuristic, honest, random); `people` seats are added to them. */
  opponents?: BotKind[];
  /** How many seats of a match the people bot holds, given the table size (default: about half). */
  peopleSeats?: (size: number) => number;
}

/** Seat kinds of match `i`: 2 to 6 seats, the people bot's seats spread and rotated. */
function lineup(i: number, o: PeopleMatchOptions): (BotKind | 'people')[] {
  const size = 2 + (i % 5);
  const mine = Math.min(size - 1, Math.max(1, o.peopleSeats?.(size) ?? Math.ceil(size / 2)));
  const opponents = o.opponents ?? ['heuristic', 'honest', 'random'];
  const kinds: (BotKind | 'people')[] = [];
  for (let s = 0; s < size; s++)
    kinds.push(s < mine ? 'people' : (opponents[(i + s) % opponents.length] as BotKind));
  const r = Math.floor(i / 5) % size;
  return [...kinds.slice(r), ...kinds.slice(0, r)];
}

/** Plays the matches and counts the people seats' figures. */
export async function playPeopleMatches(o: PeopleMatchOptions): Promise<PeopleFigures> {
  const perSeat: SeatStats[] = [];
  const actions = Object.fromEntries(MIX_ACTIONS.map((a) => [a, 0])) as Record<MixAction, number>;
  const blocks: PeopleFigures['blocksBySituation'] = {};
  for (let i = 0; i < o.matches; i++) {
    const kinds = lineup(i, o);
    const agents = kinds.map((kind, s) => {
      const seed = `${o.seed}/${i}/${s}`;
      const bot = kind === 'people' ? peopleBot({ seed, model: o.model }) : createBot(kind, { seed });
      const agent = inProcessAgent(`${kind}-${s}`, (req) => bot.decide(req));
      agent.wire = { historyMode: 'delta', wantsPrompt: false };
      return agent;
    });
    const replay: Replay = await runMatch({
      matchId: `people_${o.seed}_${i}`,
      seed: `${o.seed}:${i}`,
      agents,
    });
    const stats = seatStats(replay);
    const mine = new Set(kinds.flatMap((k, s) => (k === 'people' ? [s] : [])));
    mine.forEach((s) => perSeat.push(stats[s] as SeatStats));
    for (const run of replaySteps(replay)) {
      const { step } = run;
      if (step.kind === 'forfeit' || !run.transition || !step.applied || !mine.has(step.seat)) continue;
      if (step.phase === 'block') {
        const action = run.before.pending?.action as keyof typeof BLOCKERS;
        const hand = run.before.players[step.seat]?.cards.filter((c) => !c.revealed).map((c) => c.role) ?? [];
        const key = `${action}|${handKey((BLOCKERS[action] ?? []).filter((r) => hand.includes(r)))}`;
        const c = (blocks[key] ??= { blocks: 0, chances: 0 });
        c.chances++;
        if (step.applied.type === 'block') c.blocks++;
      }
      if (step.phase !== 'action') continue;
      const type = step.applied.type as MixAction;
      if (type in actions) actions[type]++;
    }
  }
  const total = sumStats(perSeat);
  const b = behaviour(total);
  const n = MIX_ACTIONS.reduce((s, a) => s + actions[a], 0);
  const share = (x: number) => (n === 0 ? null : Math.round((x / n) * 1000) / 1000);
  return {
    matches: o.matches,
    seats: perSeat.length,
    decisions: total.decisions,
    actions: n,
    actionMix: Object.fromEntries(MIX_ACTIONS.map((a) => [a, share(actions[a])])) as Record<
      MixAction,
      number | null
    >,
    bluffRate: b.bluffRate,
    bluffRateByRole: b.bluffRateByRole,
    challengeRate: b.challengeRate,
    challengeSuccess: b.challengeSuccess,
    blockRate: b.blockRate,
    blocksBySituation: blocks,
    stats: total,
  };
}

/** One figure of the bot beside the dataset's, and what each rests on. */
export interface Nearness {
  figure: string;
  bot: number | null;
  people: number | null;
  /** |bot - people|; null when either is missing. */
  diff: number | null;
  /** The bot's decisions behind its figure, and the dataset's behind its own. */
  botBasis: number;
  peopleBasis: number;
}

const ARCHIVE_NAME: Record<MixAction, keyof BehaviourBaseline['actionMix']> = {
  income: 'income',
  foreign_aid: 'foreign-aid',
  tax: 'tax',
  steal: 'steal',
  assassinate: 'assassinate',
  exchange: 'exchange',
  coup: 'coup',
};

/** The bot's figures against the baseline's (e.g. `byGameType.original.humans`), figure by figure. */
export function compareWithBaseline(f: PeopleFigures, h: BehaviourBaseline): Nearness[] {
  const row = (
    figure: string,
    bot: number | null,
    people: number | null,
    botBasis: number,
    peopleBasis: number,
  ) => ({
    figure,
    bot,
    people,
    diff: bot === null || people === null ? null : Math.round(Math.abs(bot - people) * 1000) / 1000,
    botBasis,
    peopleBasis,
  });
  const out: Nearness[] = MIX_ACTIONS.map((a) =>
    row(`actionMix.${a}`, f.actionMix[a], h.actionMix[ARCHIVE_NAME[a]].share, f.actions, h.actions),
  );
  out.push(row('bluffRate', f.bluffRate, h.bluffRate, f.stats.claims, h.known));
  for (const r of ROLES) {
    out.push(
      row(
        `bluffRate.${r}`,
        f.bluffRateByRole[r] ?? null,
        h.roles[r].bluffRate,
        f.stats.roleClaims?.[r] ?? 0,
        h.roles[r].known,
      ),
    );
  }
  out.push(
    row('challengeRate', f.challengeRate, h.challengeRate, f.stats.challengeChances, h.challengeChances),
  );
  out.push(
    row('challengeSuccess', f.challengeSuccess, h.challengeSuccess, f.stats.challengesResolved, h.challenges),
  );
  out.push(row('blockRate', f.blockRate, h.blockRate, f.stats.blockChances, h.blockChances));
  return out;
}

/** The comparison as aligned text lines (the benchmark's report). */
export function formatNearness(rows: readonly Nearness[]): string[] {
  const num = (x: number | null) => (x === null ? '   -  ' : x.toFixed(3).padStart(6));
  return [
    'figure                     bot  people    diff   (bot n / people n)',
    ...rows.map(
      (r) =>
        `${r.figure.padEnd(24)} ${num(r.bot)}  ${num(r.people)}  ${num(r.diff)}   (${r.botBasis} / ${r.peopleBasis})`,
    ),
  ];
}
