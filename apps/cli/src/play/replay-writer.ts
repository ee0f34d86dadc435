import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { CliError } from '../errors.ts';

/**
 * Writes replays as JSON lines in match order, whatever order concurrent matches finish in, so the
 * same --seed gives the same file. Lines that arrive early wait for their predecessors.
 */
export class ReplayWriter {
  private next = 0;
  private readonly waiting = new Map<number, string>();
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
  ) {}

  /** Opens (and truncates) the file now, so a bad path fails before any match is played. */
  static async open(path: string): Promise<ReplayWriter> {
    try {
      return new ReplayWriter(path, await open(path, 'w'));
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new CliError(`cannot write replays to ${path}: ${code ?? (err as Error).message}`);
    }
  }

  add(index: number, replay: unknown): void {
    this.waiting.set(index, `${JSON.stringify(replay)}\n`);
    let text = '';
    for (let line = this.waiting.get(this.next); line !== undefined; line = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      text += line;
    }
    if (!text) return;
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await this.file.write(text);
      } catch (err) {
        this.failure = err;
      }
    });
  }

  /** Flushes and closes; throws if any write failed (disk full...). */
  async close(): Promise<void> {
    // After an interrupted run some lines may wait for a match that never finished: keep them anyway.
    const rest = [...this.waiting].sort((a, b) => a[0] - b[0]).map(([, line]) => line);
    this.waiting.clear();
    if (rest.length > 0) this.chain = this.chain.then(() => this.file.write(rest.join('')).then(() => {}));
    await this.chain.catch((err: unknown) => {
      this.failure ??= err;
    });
    await this.file.close();
    if (this.failure) {
      const code = (this.failure as { code?: string }).code;
      throw new CliError(`writing ${this.path} failed: ${code ?? String(this.failure)}`, 1);
    }
  }
}
