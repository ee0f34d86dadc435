import { verifyReplay } from '@coup/runner';
import { EXIT_FAILED, ExitCode } from '../errors.ts';
import { readReplayFile, whereOf } from './read.ts';

function describe(value: unknown): string {
  const r = value as { matchId?: unknown; seed?: unknown; players?: unknown } | null;
  if (typeof r !== 'object' || r === null) return '';
  const parts: string[] = [];
  if (typeof r.matchId === 'string') parts.push(`match ${r.matchId}`);
  if (typeof r.seed === 'string') parts.push(`seed ${JSON.stringify(r.seed)}`);
  if (Array.isArray(r.players)) parts.push(`${r.players.length} players`);
  return parts.join(', ');
}

/** `coup replay verify`: one line per replay; exit 1 if any fails (2 for a file that cannot be read). */
export async function verifyFile(path: string): Promise<void> {
  let ok = 0;
  let failed = 0;
  for await (const entry of readReplayFile(path)) {
    const result = verifyReplay(entry.value);
    const what = describe(entry.value);
    const head = `${whereOf(entry)}${what ? ` (${what})` : ''}`;
    if (result.ok) {
      ok++;
      process.stdout.write(`ok    ${head}\n`);
    } else {
      failed++;
      process.stdout.write(`FAIL  ${head}: at ${result.at}: ${result.error}\n`);
    }
  }
  const total = ok + failed;
  const noun = total === 1 ? 'replay' : 'replays';
  process.stdout.write(
    failed === 0 ? `${total} ${noun} verified\n` : `${failed} of ${total} ${noun} failed verification\n`,
  );
  if (failed > 0) throw new ExitCode(EXIT_FAILED);
}
