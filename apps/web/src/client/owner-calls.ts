import { api, query, send } from './api';
import type {
  Account,
  AccountCreated,
  AccountMe,
  Agent,
  AgentCreated,
  AgentCreateInput,
  AgentUpdateInput,
  CheckResult,
  Experiment,
  ExperimentCreateInput,
  ModelList,
  Page,
  QueueState,
} from './types';

// What an agent author does from the browser, one typed function per API call: the account and its key,
// registering and running agents, prompt experiments. Every call goes through api.ts (send), with the
// request and response types of the REST contract (@coup/api-contract), so the one typed client planned
// for the web and the CLI replaces this file alone.

const enc = encodeURIComponent;

export const accountCalls = {
  me: (key: string, signal?: AbortSignal) => send<AccountMe>('/v1/accounts/me', { key, signal }),
  create: (name: string, signal?: AbortSignal) =>
    send<AccountCreated>('/v1/accounts', { method: 'POST', body: { name }, signal }),
  /** A new API key; the old one stops working at once. */
  newKey: (key: string, signal?: AbortSignal) =>
    send<AccountCreated>('/v1/accounts/me/rotate-key', { method: 'POST', key, signal }),
};

export const agentCalls = {
  /** The account's agents, every status (a page of 100: MAX_AGENTS_PER_ACCOUNT is 20 by default). */
  mine: (me: Account, signal?: AbortSignal) =>
    api<Page<Agent>>(`/v1/agents${query({ owner: me.id, limit: 100 })}`, signal),
  /** The owner's view (endpoint, prompt, queue reason). */
  get: (key: string | null, id: string, signal?: AbortSignal) =>
    send<Agent>(`/v1/agents/${enc(id)}`, { key, signal }),
  register: (key: string, body: AgentCreateInput, signal?: AbortSignal) =>
    send<AgentCreated>('/v1/agents', { method: 'POST', key, body, signal }),
  update: (key: string, id: string, body: AgentUpdateInput, signal?: AbortSignal) =>
    send<Agent>(`/v1/agents/${enc(id)}`, { method: 'PATCH', key, body, signal }),
  pause: (key: string, id: string, signal?: AbortSignal) =>
    send<Agent>(`/v1/agents/${enc(id)}/pause`, { method: 'POST', key, signal }),
  resume: (key: string, id: string, signal?: AbortSignal) =>
    send<Agent>(`/v1/agents/${enc(id)}/resume`, { method: 'POST', key, signal }),
  remove: (key: string, id: string, signal?: AbortSignal) =>
    send<null>(`/v1/agents/${enc(id)}`, { method: 'DELETE', key, signal }),
  /** A new secret, shown once; the old one stops working at once. */
  rotateSecret: (key: string, id: string, signal?: AbortSignal) =>
    send<AgentCreated>(`/v1/agents/${enc(id)}/rotate-secret`, { method: 'POST', key, signal }),
  check: (key: string, id: string, signal?: AbortSignal) =>
    send<CheckResult>(`/v1/agents/${enc(id)}/check`, { method: 'POST', key, signal }),
  joinQueue: (key: string, id: string, signal?: AbortSignal) =>
    send<QueueState>(`/v1/agents/${enc(id)}/queue`, { method: 'POST', key, signal }),
  leaveQueue: (key: string, id: string, signal?: AbortSignal) =>
    send<QueueState>(`/v1/agents/${enc(id)}/queue`, { method: 'DELETE', key, signal }),
};

let models: Promise<ModelList> | null = null;

/**
 * GET /v1/models, once per page load (the operator's configuration does not change while it runs); shared
 * by the pages, so it is never aborted with one of them.
 */
export function modelList(): Promise<ModelList> {
  models ??= api<ModelList>('/v1/models').catch((err: unknown) => {
    models = null;
    throw err;
  });
  return models;
}

export const experimentCalls = {
  create: (key: string, body: ExperimentCreateInput, signal?: AbortSignal) =>
    send<Experiment>('/v1/experiments', { method: 'POST', key, body, signal }),
  /** No more deals; its unfinished matches are aborted, complete deals keep their results. */
  cancel: (key: string, id: string, signal?: AbortSignal) =>
    send<Experiment>(`/v1/experiments/${enc(id)}`, { method: 'DELETE', key, signal }),
};
