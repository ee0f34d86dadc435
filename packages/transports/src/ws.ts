import { defineTransport } from './descriptor';

/** The agent connects to the platform (/v1/agents/connect) with its secret and answers over its socket. */
export const ws = defineTransport({
  id: 'ws',
  label: 'WebSocket',
  summary: 'WebSocket: your agent connects to the platform (no public address needed)',
  registrable: true,
  endpoint: { kind: 'forbidden', present: 'a ws agent connects to the platform and has no endpointUrl' },
  hostedModel: null,
  secret: 'connects',
  socket: 'secret',
  person: false,
});
