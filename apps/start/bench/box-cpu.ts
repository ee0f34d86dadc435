import { availableParallelism } from 'node:os';
import type { Redis } from 'ioredis';
import { cpuSeconds } from '@coup/devstack';

// Where a stored match's CPU goes on the one machine that runs everything (issue 23: why a row tops out
// where it does). Every process the platform needs is counted: the workers, the API, the bench's HTTP
// agents, Postgres (its backends and shared writers, as postgres-cost.ts reads them), Redis, and this
// bench process (its feeder and reader). Their sum per match bounds the machine: cores x 1000 / sum.

export type CpuParts = Record<string, number>;

/** Redis's own user + system CPU seconds so far (INFO cpu): it serves the queue and the live logs. */
export async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(info.match(new RegExp(`${name}:([\\d.]+)`))?.[1] ?? 0);
  return field('used_cpu_sys') + field('used_cpu_user');
}

/** This process's CPU seconds so far. */
export const benchCpuSeconds = () => cpuSeconds(process.pid);

/** One line: ms of CPU per stored match by process, their sum and the matches/s the machine's cores bound. */
export function boxCpuLine(parts: CpuParts, stored: number): string {
  if (stored <= 0) return 'cpu: no match stored in the window';
  const ms = (s: number) => ((s / stored) * 1000).toFixed(2);
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  const cores = availableParallelism();
  const each = Object.entries(parts)
    .map(([name, s]) => `${name} ${ms(s)}`)
    .join(', ');
  return (
    `cpu per stored match (ms): ${each}; all ${ms(total)} -> ${cores} cores at full CPU bound this row at ` +
    `~${Math.round((cores * stored) / total)} matches/s`
  );
}
