import Table from 'cli-table3';
import type { PlatformContext } from './context.ts';

// Output of the platform commands: compact tables for people, the API's own JSON with --json for scripts.

export type Align = 'left' | 'right';

/** A table in the style of `coup play`'s results: no colours, no rules between rows. */
export function table(head: string[], rows: (string | number)[][], align?: Align[]): string {
  const t = new Table({
    head,
    ...(align ? { colAligns: align } : {}),
    style: { head: [], border: [] },
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  for (const r of rows) t.push(r);
  return t.toString();
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** `--json`: the value as pretty JSON, then true; false otherwise (print the human form). */
export function printJson(ctx: PlatformContext, value: unknown): boolean {
  if (!ctx.json) return false;
  print(JSON.stringify(value, null, 2));
  return true;
}

/** Notes for people (progress, hints) go to stderr, so stdout stays what the command produces. */
export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

export const num = (x: number | null | undefined, digits = 0): string =>
  x === null || x === undefined ? '-' : x.toFixed(digits);

export const pct = (x: number | null | undefined): string =>
  x === null || x === undefined ? '-' : `${(x * 100).toFixed(1)}%`;

/** "2025-01-31 12:34:56" in UTC: short, sortable, unambiguous. */
export const when = (iso: string | null | undefined): string =>
  iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') : '-';
