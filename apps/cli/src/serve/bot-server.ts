import type { Bot } from '@coup/bots';
import { createAgent } from '@coup/sdk';

// A built-in bot behind the HTTP agent protocol (PROTOCOL.md), served by @coup/sdk like any agent.

export interface BotServerOptions {
  bot: Bot;
  host: string;
  port: number;
  secret?: string;
  log?: (line: string) => void;
}

export interface BotServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startBotServer(o: BotServerOptions): Promise<BotServer> {
  const log = o.log ?? (() => {});
  const agent = createAgent({
    name: o.bot.name,
    decide: (req) => o.bot.decide(req),
    onStart: (m) => log(`match ${m.matchId} started: seat ${m.seat} of ${m.players.length}`),
    onEnd: (m) => log(`match ${m.matchId} ended: place ${m.place} of ${m.ranking.flat().length}`),
    onRefused: (r) => {
      if (r.status !== 404 && r.status !== 405) log(`${r.method} ${r.url} -> ${r.status}: ${r.message}`);
    },
    onError: (err, context) => log(`${context}: ${err instanceof Error ? err.message : String(err)}`),
    ...(o.secret !== undefined ? { secret: o.secret } : {}),
  });
  return agent.listen(o.port, o.host);
}
