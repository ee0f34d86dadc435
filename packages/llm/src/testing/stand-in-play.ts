import { createHash } from 'node:crypto';

// How the stand-in model plays, from the decision's prompt text alone (what a real model gets): it reads
// the legal actions (each line of the answer list ends with the exact JSON), its own cards and coins, the
// other seats, and what is being claimed. With the SHARP marker in the system message it plays a sound,
// honest heuristic (never bluffs, challenges only claims it can prove false, blocks when it holds the role,
// keeps its best cards); otherwise it picks a legal action at random, bluffs and wild challenges included.
// Both are deterministic: the same messages give the same answer (the random pick is a hash of them).

/** In a system message (e.g. a strategy prompt), makes the stand-in play its sharp heuristic. */
export const STAND_IN_SHARP = '#sharp';
/** In a system message, makes the stand-in play at random (also what it does without either marker). */
export const STAND_IN_DULL = '#dull';

export interface LegalLine {
  /** The words before the JSON ("tax (claim Duke; +3 coins)"). */
  words: string;
  json: string;
  action: { type: string; data?: { target?: number; role?: string; card_index?: number } };
}

const ROLE_VALUE: Record<string, number> = { duke: 5, assassin: 4, captain: 3, contessa: 2, ambassador: 1 };
const ROLES = Object.keys(ROLE_VALUE);

/** The answer list at the end of the prompt: `- <words>: <json>` lines. */
export function legalLines(prompt: string): LegalLine[] {
  const out: LegalLine[] = [];
  const start = prompt.indexOf('Answer with {"action": <one of these>}:');
  for (const line of prompt.slice(Math.max(0, start)).split('\n')) {
    const m = /^- (.*): (\{.*\})\s*$/.exec(line);
    if (!m) continue;
    try {
      out.push({ words: m[1] as string, json: m[2] as string, action: JSON.parse(m[2] as string) });
    } catch {
      // not an answer line
    }
  }
  return out;
}

interface Seen {
  coins: number;
  /** My face-down roles, lower case. */
  mine: string[];
  /** Revealed roles on the table (everyone's), lower case. */
  revealed: string[];
  /** Other living seats: face-down count and coins. */
  others: Map<number, { down: number; coins: number }>;
}

function read(prompt: string): Seen {
  const seen: Seen = { coins: 0, mine: [], revealed: [], others: new Map() };
  const you = /^You: (\d+) coins?; face-down: (.*?)(?:; revealed: (.*?))?(?:; drawn: .*)?\.$/m.exec(prompt);
  if (you) {
    seen.coins = Number(you[1]);
    for (const m of (you[2] ?? '').matchAll(/([A-Z][a-z]+) \(slot \d+\)/g))
      seen.mine.push(m[1]!.toLowerCase());
  }
  for (const m of prompt.matchAll(
    /^- seat (\d+)[^:]*: (?:(\d+) coins?, (\d+) face-down)?(?:eliminated)?(?:; revealed (.*))?$/gm,
  )) {
    const seat = Number(m[1]);
    const line = m[0];
    if (m[4]) for (const r of m[4].split(', ')) seen.revealed.push(r.toLowerCase());
    if (line.includes('(you)') || m[2] === undefined) continue;
    seen.others.set(seat, { coins: Number(m[2]), down: Number(m[3]) });
  }
  return seen;
}

/** Copies of `role` I can see (mine face-down, and every revealed one). */
const visible = (s: Seen, role: string) =>
  s.mine.filter((r) => r === role).length + s.revealed.filter((r) => r === role).length;

/** The role being claimed in a challenge window ("claims Duke to", "blocks your steal claiming Captain"). */
function claimed(prompt: string): string | null {
  const now = /^Now: (.*)$/m.exec(prompt)?.[1] ?? '';
  const m = /claims ([A-Z][a-z]+) to|claiming ([A-Z][a-z]+)\./.exec(now);
  const role = (m?.[1] ?? m?.[2])?.toLowerCase();
  return role && ROLES.includes(role) ? role : null;
}

/** The strongest opponent among the targets of `type`: most face-down cards, then most coins. */
function bestTarget(lines: LegalLine[], type: string, s: Seen): LegalLine | undefined {
  const candidates = lines.filter((l) => l.action.type === type);
  const score = (l: LegalLine) => {
    const o = s.others.get(l.action.data?.target ?? -1);
    return o ? o.down * 100 + o.coins : 0;
  };
  return candidates.sort((a, b) => score(b) - score(a))[0];
}

function sharp(prompt: string, lines: LegalLine[]): LegalLine {
  const s = read(prompt);
  const byType = (t: string) => lines.find((l) => l.action.type === t);
  const holds = (r: string) => s.mine.includes(r);
  const pass = byType('pass');
  if (byType('income') || byType('coup')) {
    // My turn.
    if (s.coins >= 7) return bestTarget(lines, 'coup', s) ?? (lines[0] as LegalLine);
    if (holds('assassin') && byType('assassinate')) return bestTarget(lines, 'assassinate', s)!;
    if (holds('duke') && byType('tax')) return byType('tax')!;
    const rich = lines
      .filter(
        (l) => l.action.type === 'steal' && (s.others.get(l.action.data?.target ?? -1)?.coins ?? 0) >= 2,
      )
      .at(0);
    if (holds('captain') && rich) return rich;
    if (holds('ambassador') && byType('exchange')) return byType('exchange')!;
    return byType('foreign_aid') ?? byType('income') ?? (lines[0] as LegalLine);
  }
  const challenge = byType('challenge');
  if (challenge) {
    // Challenge only a claim I can prove false: every copy of the role is in my hand or revealed.
    const role = claimed(prompt);
    if (role && visible(s, role) >= 3) return challenge;
    if (pass) return pass;
  }
  const blocks = lines.filter((l) => l.action.type === 'block');
  if (blocks.length > 0) {
    const honest = blocks.find((l) => holds(l.action.data?.role ?? ''));
    return honest ?? pass ?? (blocks[0] as LegalLine);
  }
  const loses = lines.filter((l) => l.action.type === 'lose_card');
  if (loses.length > 0) {
    // Reveal the least valuable card ("reveal your Duke (slot 0)").
    const value = (l: LegalLine) =>
      ROLE_VALUE[/reveal your ([A-Z][a-z]+)/.exec(l.words)?.[1]?.toLowerCase() ?? ''] ?? 0;
    return loses.sort((a, b) => value(a) - value(b))[0] as LegalLine;
  }
  const returns = lines.filter((l) => l.action.type === 'return_cards');
  if (returns.length > 0) {
    // Keep the most valuable cards ("return A and B, keep C and D").
    const kept = (l: LegalLine) =>
      (/keep (.*)$/.exec(l.words)?.[1] ?? '')
        .split(' and ')
        .reduce((sum, r) => sum + (ROLE_VALUE[r.toLowerCase()] ?? 0), 0);
    return returns.sort((a, b) => kept(b) - kept(a))[0] as LegalLine;
  }
  return pass ?? (lines[0] as LegalLine);
}

/** The stand-in's choice for a prompt: null when the prompt lists no legal action. */
export function standInChoice(system: string, prompt: string): LegalLine | null {
  const lines = legalLines(prompt);
  if (lines.length === 0) return null;
  if (system.includes(STAND_IN_SHARP) && !system.includes(STAND_IN_DULL)) return sharp(prompt, lines);
  const h = createHash('sha256').update(system).update('\0').update(prompt).digest();
  return lines[h.readUInt32BE(0) % lines.length] as LegalLine;
}
