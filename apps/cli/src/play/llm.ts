import { readFile } from 'node:fs/promises';
import { LlmService, parseLlmModels } from '@coup/llm';
import { CliError } from '../errors.ts';

// `llm:<model>` agents of `coup play`: played in this process through an OpenAI-compatible server, with the
// platform's own variables (LLM_BASE_URL, LLM_API_KEY, LLM_MODELS, LLM_TIMEOUT_MS) and its own client code,
// so an author tunes a strategy prompt locally exactly as the platform will play it. Like every local run,
// no address policy applies: the CLI calls the server you name.

const SETUP_HINT =
  'set LLM_BASE_URL to the API root of an OpenAI-compatible server, e.g.\n' +
  '  export LLM_BASE_URL=http://127.0.0.1:8080/v1    # llama.cpp: llama-server -m model.gguf --port 8080\n' +
  '  export LLM_BASE_URL=http://127.0.0.1:11434/v1   # Ollama\n' +
  '  export LLM_BASE_URL=https://api.openai.com/v1 LLM_API_KEY=sk-...   # a cloud provider\n' +
  '(LLM_API_KEY if the server needs a key; LLM_TIMEOUT_MS for the decision deadline, default 30000)';

const DEFAULT_LLM_TIMEOUT_MS = 30_000;

/** The model server for the run's llm agents, from the environment; throws a CliError saying what to set. */
export function llmServiceFromEnv(
  models: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): LlmService {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) throw new CliError(`llm:${models[0] ?? '<model>'} needs a model server: ${SETUP_HINT}`);
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new CliError(`LLM_BASE_URL "${baseUrl}" is not an http(s) URL: ${SETUP_HINT}`);
  }
  let listed;
  try {
    listed = parseLlmModels(env.LLM_MODELS ?? '');
  } catch (err) {
    throw new CliError(`LLM_MODELS: ${(err as Error).message}`);
  }
  // With LLM_MODELS set, only its models (as on the platform); without it, any model the server has.
  for (const model of models) {
    if (listed.length > 0 && !listed.some((m) => m.name === model)) {
      throw new CliError(`llm:${model}: not in LLM_MODELS (${listed.map((m) => m.name).join(', ')})`);
    }
  }
  const rawTimeout = env.LLM_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_LLM_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 600_000) {
    throw new CliError(`LLM_TIMEOUT_MS must be a whole number of milliseconds from 50 to 600000`);
  }
  const apiKey = env.LLM_API_KEY?.trim();
  return new LlmService({ baseUrl, models: listed, timeoutMs, ...(apiKey ? { apiKey } : {}) });
}

/** --strategy-prompt or --strategy-file (not both): the strategy prompt of the run's llm agents. */
export async function strategyPrompt(opts: {
  strategyPrompt?: string;
  strategyFile?: string;
}): Promise<string | undefined> {
  if (opts.strategyPrompt !== undefined && opts.strategyFile !== undefined) {
    throw new CliError('give --strategy-prompt or --strategy-file, not both');
  }
  if (opts.strategyFile === undefined) return opts.strategyPrompt;
  let text: string;
  try {
    text = await readFile(opts.strategyFile, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read --strategy-file ${opts.strategyFile}: ${(err as Error).message}`);
  }
  const trimmed = text.trim();
  if (!trimmed) throw new CliError(`--strategy-file ${opts.strategyFile} is empty`);
  if (trimmed.length > 4000)
    throw new CliError(`--strategy-file ${opts.strategyFile} is over 4000 characters (the platform's limit)`);
  return trimmed;
}
