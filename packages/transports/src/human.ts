import { defineTransport } from './descriptor';

/**
 * A person at a casual table in the web UI: one such agent per account, created by the platform. The
 * browser opens its socket with a table ticket; it keeps protocol 1 (the table page shows the whole history).
 */
export const human = defineTransport({
  id: 'human',
  label: 'Person',
  summary: 'A person playing in the web UI',
  registrable: false,
  endpoint: { kind: 'forbidden', present: "a person's seat has no endpointUrl" },
  hostedModel: null,
  secret: 'none',
  socket: 'ticket',
  person: true,
});
