import { request as httpRequest } from 'node:http';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CliError } from '../errors.ts';
import { connectionProblem } from '../net-errors.ts';
import type { AgentSpec } from './agents.ts';

/** How long the reachability check waits for an agent's first HTTP response. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Fails fast, before any match, when an HTTP agent cannot be reached: otherwise every one of its
 * decisions would be a fault and the run would look like a (very) bad agent rather than a typo in a port.
 * Any HTTP answer counts as reachable, even a 404: agents only have to implement POST /decide.
 */
export async function checkReachable(specs: readonly AgentSpec[], timeoutMs: number): Promise<void> {
  const urls = [...new Set(specs.flatMap((s) => (s.kind === 'http' ? [s.url] : [])))];
  const wait = Math.min(timeoutMs, CHECK_TIMEOUT_MS);
  const failures = (await Promise.all(urls.map((url) => probe(url, wait)))).filter((f) => f !== null);
  if (failures.length > 0) throw new CliError(failures.join('\ncoup: '));
}

// node:http rather than fetch: fetch refuses "bad ports" (6000, 6665...) that the runner's undici pool
// happily uses, so a valid agent could be reported unreachable.
function probe(url: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? httpsRequest : httpRequest;
    let req: ClientRequest;
    try {
      req = get(url, { method: 'GET', timeout: timeoutMs, agent: false }, (res) => {
        res.resume();
        req.destroy();
        resolve(null);
      });
    } catch (err) {
      resolve(`invalid agent URL ${url}: ${(err as Error).message}`);
      return;
    }
    req.on('timeout', () => {
      req.destroy();
      resolve(`cannot reach agent ${url}: no answer within ${timeoutMs} ms`);
    });
    req.on('error', (err) => resolve(`cannot reach agent ${url}: ${reason(err)}`));
    req.end();
  });
}

function reason(err: Error & { code?: string }): string {
  return (
    connectionProblem(err.code, 'is the agent running on that port?') ??
    (err.code ? `${err.code} (${err.message})` : err.message)
  );
}
