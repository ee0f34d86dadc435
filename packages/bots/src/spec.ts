import { createBot, isBotKind } from './create';
import { searchBot } from './search/index';
import { BOT_KINDS } from './types';
import type { Bot, BotKind, BotOptions } from './types';

// A built-in bot as written where agents are listed (`coup play bot:<spec>`): a kind (`search-2`), or the
// search with its own budget, `search --budget-ms N` and/or `--budget-playouts N`.

export type BotSpec = { kind: BotKind } | { kind: 'search'; budgetMs?: number; budgetPlayouts?: number };

const USAGE = `built-in bots are ${BOT_KINDS.join(', ')}, or "search --budget-ms N" / "search --budget-playouts N"`;

/** Parses a bot spec (without its `bot:` prefix); throws an Error that says what is wrong. */
export function parseBotSpec(spec: string): BotSpec {
  const words = spec.trim().split(/\s+/);
  const head = words[0] ?? '';
  if (words.length === 1 && isBotKind(head)) return { kind: head };
  if (head !== 'search') throw new Error(`unknown bot "${spec}": ${USAGE}`);
  const out: { kind: 'search'; budgetMs?: number; budgetPlayouts?: number } = { kind: 'search' };
  for (let i = 1; i < words.length; i += 2) {
    const flag = words[i] as string;
    const raw = words[i + 1];
    const value = raw === undefined ? NaN : Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${flag} needs a positive integer in bot "${spec}"`);
    if (flag === '--budget-ms') out.budgetMs = value;
    else if (flag === '--budget-playouts') out.budgetPlayouts = value;
    else throw new Error(`unknown option ${flag} in bot "${spec}": ${USAGE}`);
  }
  return out;
}

/** The bot a parsed spec names. */
export function botFromSpec(spec: BotSpec, opts: BotOptions = {}): Bot {
  if (spec.kind !== 'search') return createBot(spec.kind, opts);
  const budget: { ms?: number; playouts?: number } = {};
  if (spec.budgetMs !== undefined) budget.ms = spec.budgetMs;
  if (spec.budgetPlayouts !== undefined) budget.playouts = spec.budgetPlayouts;
  return searchBot({ ...opts, budget });
}
