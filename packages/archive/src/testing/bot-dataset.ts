import { createBot } from '@coup/bots';
import type { BotKind } from '@coup/bots';
import { inProcessAgent, runMatch } from '@coup/runner';
import type { DecodedGame } from '@coup/archive-format';
import { fromReplay } from '../from-replay';

// A generated human dataset with habits to learn: matches between built-in bots played by the runner and
// written in the archive's format (fromReplay), the bots' seats standing for people (a seat of a kind in
// `ai` is marked "ai", as the archive marks its computer players). Unlike randomGame's uniform choices,
// the heuristic bot's depend on its cards and the table, so a model that ignores them shows.

export interface BotDatasetOptions {
  games: number;
  seed: string;
  /** The kinds seated, in turn (default heuristic only). */
  kinds?: BotKind[];
  /** Kinds whose seats are marked "ai" (not people). */
  ai?: BotKind[];
}

export async function botDataset(o: BotDatasetOptions): Promise<DecodedGame[]> {
  const kinds = o.kinds ?? ['heuristic'];
  const out: DecodedGame[] = [];
  for (let i = 0; i < o.games; i++) {
    const size = 2 + (i % 5);
    const seats = Array.from({ length: size }, (_, s) => kinds[(i + s) % kinds.length] as BotKind);
    const agents = seats.map((kind, s) => {
      const bot = createBot(kind, { seed: `${o.seed}/${i}/${s}` });
      const agent = inProcessAgent(`${kind}-${s}`, (req) => bot.decide(req));
      agent.wire = { historyMode: 'delta', wantsPrompt: false };
      return agent;
    });
    const replay = await runMatch({ matchId: `ds_${o.seed}_${i}`, seed: `${o.seed}:${i}`, agents });
    const playerIds = seats.map((k, s) => (o.ai?.includes(k) ? 'ai' : `${k}-${s}`));
    const r = fromReplay(replay, { playerIds });
    // A turn-cap end is no archive game (several survivors); the archive has none either.
    if (r.ok && replay.ranking[0]?.length === 1) out.push(r.game.decoded);
  }
  return out;
}
