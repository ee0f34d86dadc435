import { defineTransport } from './descriptor';

/** The platform POSTs each decision to the agent's endpoint, signed with its secret (X-Coup-Signature). */
export const http = defineTransport({
  id: 'http',
  label: 'HTTP',
  summary: 'HTTP: the platform calls your endpoint (POST <url>/decide)',
  registrable: true,
  endpoint: {
    kind: 'required',
    missing: 'an http agent needs an endpointUrl (the base URL the platform POSTs /decide to)',
  },
  hostedModel: null,
  secret: 'signs',
  socket: null,
  person: false,
});
