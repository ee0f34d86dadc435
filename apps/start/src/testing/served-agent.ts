import type { BotKind } from '@coup/bots';
import { slowAgent } from './agents';
import type { TestAgent } from './agents';
import { uniqueName } from './harness';
import type { Harness } from './harness';

// An HTTP agent the way most tests need one: registered on the platform (the endpoint is only known once
// the SDK agent listens, so it is registered with a placeholder and pointed at the agent afterwards), and
// served in the test's process by a built-in bot that waits `delayMs` before each answer.

export interface ServedAgent {
  id: string;
  secret: string;
  agent: TestAgent;
}

export async function servedAgent(
  h: Harness,
  key: string,
  o: { kind?: BotKind; delayMs: number; name: string; botSeed?: string; register?: Record<string, unknown> },
): Promise<ServedAgent> {
  const reg = await h.registerAgent(key, {
    name: uniqueName(o.name),
    endpointUrl: 'http://127.0.0.1:9',
    ...o.register,
  });
  const agent = await slowAgent({
    ...(o.kind ? { kind: o.kind } : {}),
    delayMs: o.delayMs,
    secret: reg.secret,
    name: o.botSeed ?? o.kind ?? o.name,
  });
  await h.api('PATCH', `/v1/agents/${reg.id}`, { key, body: { endpointUrl: agent.url } });
  return { id: reg.id, secret: reg.secret, agent };
}
