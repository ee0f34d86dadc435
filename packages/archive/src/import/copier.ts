import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Batched COPY into one table: rows accumulate, and each full batch is one COPY statement written while
// the next batch is being built (one in flight at a time, so memory stays at about two batches).

export class BatchCopier {
  private rows: string[] = [];
  private count = 0;
  private inflight: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly client: pg.Client,
    private readonly sql: string,
    private readonly batchSize: number,
  ) {}

  /** Adds `count` rows already formatted into one string. */
  async add(rows: string, count = 1): Promise<void> {
    this.rows.push(rows);
    this.count += count;
    if (this.count >= this.batchSize) await this.flush();
  }

  private async flush(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    this.count = 0;
    await this.inflight;
    if (this.failure) throw this.failure;
    if (rows.length === 0) return;
    this.inflight = pipeline(Readable.from([rows.join('')]), this.client.query(copyFrom(this.sql))).catch(
      (err: unknown) => {
        this.failure = err;
      },
    );
  }

  /** Writes what is left and waits for every batch; throws the first COPY failure. */
  async close(): Promise<void> {
    await this.flush();
    await this.inflight;
    if (this.failure) throw this.failure;
  }
}
