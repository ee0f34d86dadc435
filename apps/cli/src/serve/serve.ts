import { BOT_KINDS, createBot, isBotKind } from '@coup/bots';
import { CliError } from '../errors.ts';
import { startBotServer } from './bot-server.ts';

/** The options of `coup bot serve`, as commander parses them (commands/*.ts). */
export interface BotServeOptions {
  port: number;
  host: string;
  secret?: string;
  quiet: boolean;
}

/** `coup bot serve`: serves the bot until SIGINT or SIGTERM, then closes and exits 0. */
export async function serveBot(name: string, opts: BotServeOptions): Promise<void> {
  const kind = name.startsWith('bot:') ? name.slice(4) : name;
  if (!isBotKind(kind))
    throw new CliError(`unknown bot "${name}": built-in bots are ${BOT_KINDS.join(', ')}`);
  const log = opts.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
  let server;
  try {
    server = await startBotServer({
      bot: createBot(kind),
      host: opts.host,
      port: opts.port,
      ...(opts.secret !== undefined ? { secret: opts.secret } : {}),
      ...(log ? { log } : {}),
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'EADDRINUSE' ? 'port already in use' : code === 'EACCES' ? 'permission denied' : code;
    throw new CliError(`cannot listen on ${opts.host}:${opts.port}: ${why ?? (err as Error).message}`);
  }
  process.stdout.write(`${kind} bot listening on ${server.url}\n`);
  if (!opts.quiet) {
    process.stderr.write(`play against it: npx coup play ${server.url} bot:random   (Ctrl-C to stop)\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  if (!opts.quiet) process.stderr.write('stopped\n');
}
