import { defineTransport } from './descriptor';

/** The platform plays one of the operator's models (LLM_MODELS) with the agent's strategy prompt. */
export const llm = defineTransport({
  id: 'llm',
  label: 'Hosted model',
  summary: 'Hosted model: the platform plays a language model with your strategy prompt',
  registrable: true,
  endpoint: {
    kind: 'forbidden',
    present: 'an llm agent is played by the platform through its model server and has no endpointUrl',
  },
  hostedModel: { missing: 'an llm agent needs a modelName: one of the models listed by GET /v1/models' },
  secret: 'none',
  socket: null,
  person: false,
});
