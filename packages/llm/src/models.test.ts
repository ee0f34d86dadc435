import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_CONCURRENCY, parseLlmModels, tokenCost } from './models';

describe('parseLlmModels (LLM_MODELS)', () => {
  it('reads a comma list of names with default limits', () => {
    expect(parseLlmModels(' qwen2.5-7b , llama3.1:8b ,')).toEqual([
      { name: 'qwen2.5-7b', maxConcurrency: DEFAULT_MODEL_CONCURRENCY },
      { name: 'llama3.1:8b', maxConcurrency: DEFAULT_MODEL_CONCURRENCY },
    ]);
    expect(parseLlmModels('')).toEqual([]);
  });

  it('reads JSON with per-model limits and prices, and plain names in it', () => {
    const models = parseLlmModels(
      '[{"name":"qwen2.5-7b","maxConcurrency":2,"promptPricePerMTok":0.1,"completionPricePerMTok":0.2,"maxTokens":300},"mini"]',
    );
    expect(models).toEqual([
      {
        name: 'qwen2.5-7b',
        maxConcurrency: 2,
        promptPricePerMTok: 0.1,
        completionPricePerMTok: 0.2,
        maxTokens: 300,
      },
      { name: 'mini', maxConcurrency: DEFAULT_MODEL_CONCURRENCY },
    ]);
  });

  it('refuses bad values with a message that says where', () => {
    expect(() => parseLlmModels('[{"name":"a","maxConcurrency":0}]')).toThrow(/model 1\.maxConcurrency/);
    expect(() => parseLlmModels('[{"name":"a","price":1}]')).toThrow(/model 1/);
    expect(() => parseLlmModels('[{"name":"a"')).toThrow(/not valid JSON/);
    expect(() => parseLlmModels('a,a')).toThrow(/listed twice/);
    expect(() => parseLlmModels('[]')).toThrow(/at least one/);
    expect(() => parseLlmModels('["has space"]')).toThrow(/no spaces/);
  });

  it('prices tokens per million, or not at all', () => {
    expect(
      tokenCost({ promptPricePerMTok: 0.1, completionPricePerMTok: 0.2 }, 1_000_000, 500_000),
    ).toBeCloseTo(0.2);
    expect(tokenCost({}, 10, 10)).toBeNull();
    expect(tokenCost(undefined, 10, 10)).toBeNull();
  });
});
