import { parseAddress, refuseAddress, refuseHostName } from './address-policy';
import { hasUserinfo } from './url-userinfo';

// LLM_BASE_URL is the operator's, not a user's: loopback and private addresses are what a local llama.cpp,
// vLLM or Ollama server listens on, so the `private` rules apply to it whatever AGENT_ADDRESSES says. What
// no policy allows (link-local, cloud metadata, unspecified, multicast...) and credentials in the URL are
// refused here, when the configuration is parsed; every connection is checked again (guardedConnector).

/** The policy every connection to LLM_BASE_URL is checked against. */
export const LLM_ADDRESS_POLICY = 'private' as const;

/** Why LLM_BASE_URL cannot be used, or null. Host names are resolved only at connection time. */
export function llmBaseUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'LLM_BASE_URL is not a URL';
  }
  if (hasUserinfo(url) || parsed.username || parsed.password) {
    return 'LLM_BASE_URL must not carry a user name or password: put the key in LLM_API_KEY';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const verdict = parseAddress(host)
    ? refuseAddress(host, LLM_ADDRESS_POLICY)
    : refuseHostName(host, LLM_ADDRESS_POLICY);
  return verdict
    ? `LLM_BASE_URL host ${host} is refused (${verdict.rule}): the platform never calls it`
    : null;
}
