import type { AgentSpec } from './agents.ts';

/**
 * What to do about agents that refused the run's requests with 401: they check the X-Coup-Signature of
 * every request (PROTOCOL.md "Signatures"), which `coup play` only signs when given the agent's secret.
 * A 401 fault alone reads like a broken agent; these lines (on stderr, after the results) say why.
 */
export function signatureHints(
  specs: readonly AgentSpec[],
  unauthorized: readonly number[],
  secretGiven: boolean,
): string[] {
  return specs.flatMap((spec, i) => {
    const refused = unauthorized[i] ?? 0;
    if (spec.kind !== 'http' || refused === 0) return [];
    const requests = `${refused} ${refused === 1 ? 'request' : 'requests'}`;
    const head = `hint: ${spec.url} answered 401 Unauthorized to ${requests}: the agent checks request signatures (X-Coup-Signature)`;
    return [
      secretGiven
        ? `${head}, and refused the ones signed with the secret given (--secret or COUP_AGENT_SECRET): is it the agent's secret?`
        : `${head}. Sign them with the agent's secret: --secret <secret> (or set COUP_AGENT_SECRET).`,
    ];
  });
}
