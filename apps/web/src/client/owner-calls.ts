import { call } from './api';
import type { Account, AgentCreateInput, AgentUpdateInput, ExperimentCreateInput, ModelList } from './types';

// What an agent author does from the browser, one typed function per API call: the account and its key,
// registering and running agents, prompt experiments. Every call goes through api.ts (send), with the
// request and response types of the REST contract (@coup/api-contract), so the one typed client planned
// for the web and the CLI replaces this file alone.

export const accountCalls = {
  me: (key: string, signal?: AbortSignal) => call('GET /accounts/me', { key, signal }),
  create: (name: string, signal?: AbortSignal) => call('POST /accounts', { body: { name }, signal }),
  /** A new API key; the old one stops working at once. */
  newKey: (key: string, signal?: AbortSignal) => call('POST /accounts/me/rotate-key', { key, signal }),
};

export const agentCalls = {
  /** The account's agents, every status (a page of 100: MAX_AGENTS_PER_ACCOUNT is 20 by default). */
  mine: (me: Account, signal?: AbortSignal) =>
    call('GET /agents', { query: { owner: me.id, limit: 100 }, signal }),
  /** The owner's view (endpoint, prompt, queue reason). */
  get: (key: string | null, id: string, signal?: AbortSignal) =>
    call('GET /agents/:id', { params: { id }, key, signal }),
  register: (key: string, body: AgentCreateInput, signal?: AbortSignal) =>
    call('POST /agents', { key, body, signal }),
  update: (key: string, id: string, body: AgentUpdateInput, signal?: AbortSignal) =>
    call('PATCH /agents/:id', { params: { id }, key, body, signal }),
  pause: (key: string, id: string, signal?: AbortSignal) =>
    call('POST /agents/:id/pause', { params: { id }, key, signal }),
  resume: (key: string, id: string, signal?: AbortSignal) =>
    call('POST /agents/:id/resume', { params: { id }, key, signal }),
  remove: (key: string, id: string, signal?: AbortSignal) =>
    call('DELETE /agents/:id', { params: { id }, key, signal }),
  /** A new secret, shown once; the old one stops working at once. */
  rotateSecret: (key: string, id: string, signal?: AbortSignal) =>
    call('POST /agents/:id/rotate-secret', { params: { id }, key, signal }),
  check: (key: string, id: string, signal?: AbortSignal) =>
    call('POST /agents/:id/check', { params: { id }, key, signal }),
  joinQueue: (key: string, id: string, signal?: AbortSignal) =>
    call('POST /agents/:id/queue', { params: { id }, key, signal }),
  leaveQueue: (key: string, id: string, signal?: AbortSignal) =>
    call('DELETE /agents/:id/queue', { params: { id }, key, signal }),
};

let models: Promise<ModelList> | null = null;

/**
 * GET /v1/models, once per page load (the operator's configuration does not change while it runs); shared
 * by the pages, so it is never aborted with one of them.
 */
export function modelList(): Promise<ModelList> {
  models ??= call('GET /models', {}).catch((err: unknown) => {
    models = null;
    throw err;
  });
  return models;
}

export const experimentCalls = {
  create: (key: string, body: ExperimentCreateInput, signal?: AbortSignal) =>
    call('POST /experiments', { key, body, signal }),
  /** No more deals; its unfinished matches are aborted, complete deals keep their results. */
  cancel: (key: string, id: string, signal?: AbortSignal) =>
    call('DELETE /experiments/:id', { params: { id }, key, signal }),
};
