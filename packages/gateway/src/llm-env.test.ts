import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { createLlmService } from './llm-service';
import { llmUsage, llmFigures, sumLlmUsage } from './llm-usage';
import type { Replay } from '@coup/protocol';

// The llm configuration (LLM_BASE_URL, LLM_API_KEY, LLM_MODELS, LLM_TIMEOUT_MS) is parsed once, with
// messages naming the variable, and the operator's model server is held to the `private` address rules.

describe('LLM_* configuration', () => {
  it('defaults to no model server, no models and a 30 s deadline', () => {
    const env = parseEnv({});
    expect(env.LLM_BASE_URL).toBeUndefined();
    expect(env.LLM_MODELS).toEqual([]);
    expect(env.LLM_TIMEOUT_MS).toBe(30_000);
    expect(createLlmService(env)).toBeNull();
  });

  it('labels prices with LLM_CURRENCY: USD unless the operator names another; a bad label is refused', () => {
    expect(parseEnv({}).LLM_CURRENCY).toBe('USD');
    expect(parseEnv({ LLM_CURRENCY: '' }).LLM_CURRENCY).toBe('USD');
    expect(parseEnv({ LLM_CURRENCY: ' EUR ' }).LLM_CURRENCY).toBe('EUR');
    expect(parseEnv({ LLM_CURRENCY: 'credits' }).LLM_CURRENCY).toBe('credits');
    expect(() => parseEnv({ LLM_CURRENCY: '<b>x</b>' })).toThrow(/LLM_CURRENCY: letters, digits/);
    expect(() => parseEnv({ LLM_CURRENCY: 'a-very-long-currency' })).toThrow(/LLM_CURRENCY/);
  });

  it('reads a local server, a key, models with limits and a deadline', () => {
    const env = parseEnv({
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_API_KEY: 'sk-x',
      LLM_MODELS: '[{"name":"qwen2.5-7b","maxConcurrency":2,"promptPricePerMTok":0.1}]',
      LLM_TIMEOUT_MS: '12000',
    });
    expect(env.LLM_MODELS).toEqual([{ name: 'qwen2.5-7b', maxConcurrency: 2, promptPricePerMTok: 0.1 }]);
    const service = createLlmService(env);
    expect(service?.timeoutMs).toBe(12_000);
    expect(service?.modelConfig('qwen2.5-7b')?.maxConcurrency).toBe(2);
    expect(service?.modelConfig('gpt-9')).toBeUndefined();
    expect(() => service?.agent({ name: 'x', model: 'gpt-9' })).toThrow(/not one of the platform's models/);
    expect(service?.agent({ name: 'x', model: 'qwen2.5-7b' }).timeoutMs).toBe(12_000);
  });

  it('refuses link-local and metadata hosts, credentials in the URL, and bad model lists', () => {
    expect(() => parseEnv({ LLM_BASE_URL: 'http://169.254.169.254/v1' })).toThrow(
      /LLM_BASE_URL: .*link-local|metadata/,
    );
    expect(() => parseEnv({ LLM_BASE_URL: 'http://metadata.google.internal/v1' })).toThrow(/metadata/);
    expect(() => parseEnv({ LLM_BASE_URL: 'http://u:p@127.0.0.1/v1' })).toThrow(/LLM_API_KEY/);
    expect(() => parseEnv({ LLM_BASE_URL: 'ftp://x/v1' })).toThrow(/LLM_BASE_URL/);
    expect(() => parseEnv({ LLM_MODELS: 'a,a' })).toThrow(/LLM_MODELS: model "a" is listed twice/);
    expect(() => parseEnv({ LLM_TIMEOUT_MS: '5' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => parseEnv({ LLM_TIMEOUT_MS: '30s' })).toThrow(/LLM_TIMEOUT_MS/);
    // Loopback and private networks are the operator's own servers: allowed even with AGENT_ADDRESSES=public.
    expect(
      parseEnv({ LLM_BASE_URL: 'http://10.0.0.5:11434/v1', AGENT_ADDRESSES: 'public' }).LLM_BASE_URL,
    ).toBe('http://10.0.0.5:11434/v1');
    expect(parseEnv({ LLM_BASE_URL: '' }).LLM_BASE_URL).toBeUndefined();
  });

  it('sees through other spellings of a refused address', () => {
    // Names are resolved and checked at every connection (the guarded connector), like agents' endpoints.
    expect(() => parseEnv({ LLM_BASE_URL: 'http://[::ffff:169.254.169.254]/v1' })).toThrow(
      /refused \(metadata\)/,
    );
    expect(() => parseEnv({ LLM_BASE_URL: 'http://0xa9fea9fe/v1' })).toThrow(/refused \(metadata\)/);
  });

  it("refuses the clouds' host endpoints and any userinfo, even empty", () => {
    for (const url of [
      'http://168.63.129.16/v1',
      'http://[::ffff:168.63.129.16]/v1',
      'http://[fd00:ec2::254]/v1',
      'http://100.100.100.200/v1',
      'http://metadata.tencentyun.com/v1',
    ]) {
      expect(() => parseEnv({ LLM_BASE_URL: url }), url).toThrow(/refused \(metadata\)/);
    }
    for (const url of ['http://:@127.0.0.1:8080/v1', 'http://@127.0.0.1:8080/v1', 'http:@10.0.0.5/v1']) {
      expect(() => parseEnv({ LLM_BASE_URL: url }), url).toThrow(/LLM_API_KEY/);
    }
  });
});

describe('spending limits configuration', () => {
  it('defaults to 20 agents and 3 llm agents per account, and 2,000,000 model tokens per account per day', () => {
    const env = parseEnv({});
    expect(env.MAX_AGENTS_PER_ACCOUNT).toBe(20);
    expect(env.MAX_LLM_AGENTS_PER_ACCOUNT).toBe(3);
    expect(env.LLM_TOKENS_PER_ACCOUNT_PER_DAY).toBe(2_000_000);
  });

  it('reads the caps, a budget of 0 (none), and per-model maxTokens and maxTokensPerDay', () => {
    const env = parseEnv({
      MAX_AGENTS_PER_ACCOUNT: '5',
      MAX_LLM_AGENTS_PER_ACCOUNT: '0',
      LLM_TOKENS_PER_ACCOUNT_PER_DAY: '0',
      LLM_MODELS: '[{"name":"m","maxTokens":300,"maxTokensPerDay":5000000}]',
    });
    expect(env).toMatchObject({
      MAX_AGENTS_PER_ACCOUNT: 5,
      MAX_LLM_AGENTS_PER_ACCOUNT: 0,
      LLM_TOKENS_PER_ACCOUNT_PER_DAY: 0,
    });
    expect(env.LLM_MODELS[0]).toMatchObject({ maxTokens: 300, maxTokensPerDay: 5_000_000 });
    expect(() => parseEnv({ MAX_AGENTS_PER_ACCOUNT: '0' })).toThrow(/MAX_AGENTS_PER_ACCOUNT/);
    expect(() => parseEnv({ MAX_LLM_AGENTS_PER_ACCOUNT: 'many' })).toThrow(/MAX_LLM_AGENTS_PER_ACCOUNT/);
    expect(() => parseEnv({ LLM_TOKENS_PER_ACCOUNT_PER_DAY: '-1' })).toThrow(
      /LLM_TOKENS_PER_ACCOUNT_PER_DAY/,
    );
    expect(() => parseEnv({ LLM_MODELS: '[{"name":"m","maxTokensPerDay":0}]' })).toThrow(
      /LLM_MODELS: model 1\.maxTokensPerDay/,
    );
  });
});

describe('llm usage in seat stats', () => {
  const step = (seat: number, prompt: number, completion: number, retries = 0) => ({
    kind: 'decision' as const,
    seat,
    llm: {
      model: 'm',
      promptTokens: prompt,
      completionTokens: completion,
      latencyMs: 1,
      retries,
      raw: null,
      calls: [],
    },
  });

  it('sums tokens per seat, prices them, and gives per-decision and per-match figures', () => {
    const replay = {
      players: [{ seat: 0 }, { seat: 1 }],
      steps: [step(0, 1000, 10), step(0, 3000, 30, 1), { kind: 'forfeit', seat: 1 }],
    } as unknown as Replay;
    const [u0, u1] = llmUsage(replay, () => ({ promptPricePerMTok: 1, completionPricePerMTok: 10 }));
    expect(u1).toBeNull();
    expect(u0).toMatchObject({
      decisions: 2,
      promptTokens: 4000,
      completionTokens: 40,
      retries: 1,
      matches: 1,
    });
    expect(u0?.cost).toBeCloseTo(0.0044);
    const unpriced = llmUsage(replay)[0];
    const total = sumLlmUsage([u0, unpriced, null]);
    expect(llmFigures(total)).toEqual({
      decisions: 4,
      promptTokensPerDecision: 2000,
      completionTokensPerDecision: 20,
      retriesPerDecision: 0.5,
      costPerMatch: 0.0044,
    });
    expect(llmFigures(null)).toBeNull();
  });
});
