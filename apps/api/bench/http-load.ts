// A small closed-loop load generator for the read benchmark: `clients` loops, each with one request in
// flight at a time, over real HTTP (Node's fetch, which keeps its connections alive), taking the next request
// from one shared list. Latency is measured per request, from sending to the last byte of the body.

export interface Job {
  route: string;
  path: string;
}

export interface RouteTimes {
  route: string;
  ms: number[];
}

export async function runLoad(base: string, jobs: readonly Job[], clients: number): Promise<RouteTimes[]> {
  const byRoute = new Map<string, number[]>();
  for (const j of jobs) if (!byRoute.has(j.route)) byRoute.set(j.route, []);
  let next = 0;
  const client = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as Job;
      const t = performance.now();
      const res = await fetch(base + job.path);
      const body = await res.text();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`GET ${job.path}: HTTP ${res.status} ${body.slice(0, 300)}`);
      byRoute.get(job.route)?.push(ms);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return [...byRoute].map(([route, ms]) => ({ route, ms: ms.sort((a, b) => a - b) }));
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}
