import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  REGISTRABLE_TRANSPORT_IDS,
  AGENT_TRANSPORT_IDS,
  isCheckable,
  isPersonSeat,
  isRanked,
  isSeatableByOthers,
  playsHostedModel,
  registrationIssues,
  secretUse,
  socketAuth,
  transportIdsWhere,
  transportOf,
  transports,
} from './index';

// The stored enum is declared in prisma/schema.prisma (the schema is the source of truth for the database);
// the registry must declare exactly its values, so neither can gain a transport the other does not know.
function prismaEnum(name: string): string[] {
  const schema = readFileSync(new URL('../../../prisma/schema.prisma', import.meta.url), 'utf8');
  const body = new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema)?.[1];
  if (!body) throw new Error(`no enum ${name} in schema.prisma`);
  return body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('@@') && !l.startsWith('//'));
}

describe('transports registry', () => {
  it('declares exactly the values of the Prisma enum Transport', () => {
    expect([...AGENT_TRANSPORT_IDS].sort()).toEqual(prismaEnum('Transport').sort());
  });

  it('keeps the API order and registers all but a person seat', () => {
    expect(AGENT_TRANSPORT_IDS).toEqual(['http', 'ws', 'llm', 'human']);
    expect(REGISTRABLE_TRANSPORT_IDS).toEqual(['http', 'ws', 'llm']);
  });

  it('answers the rules the platform asks', () => {
    const of = (transport: string) => ({ transport });
    expect(AGENT_TRANSPORT_IDS.filter((t) => isPersonSeat(of(t)))).toEqual(['human']);
    for (const rule of [isRanked, isSeatableByOthers, isCheckable])
      expect(AGENT_TRANSPORT_IDS.filter((t) => rule(of(t)))).toEqual(['http', 'ws', 'llm']);
    expect(AGENT_TRANSPORT_IDS.filter((t) => playsHostedModel(of(t)))).toEqual(['llm']);
    expect(AGENT_TRANSPORT_IDS.map((t) => secretUse(of(t)))).toEqual(['signs', 'connects', 'none', 'none']);
    expect(AGENT_TRANSPORT_IDS.map((t) => socketAuth(of(t)))).toEqual([null, 'secret', null, 'ticket']);
  });

  it('lists the ids a rule holds for (database filters)', () => {
    expect(transportIdsWhere(playsHostedModel)).toEqual(['llm']);
    expect(transportIdsWhere(isRanked)).toEqual(['http', 'ws', 'llm']);
  });

  it('refuses an id no file declares', () => {
    expect(() => transportOf('carrier-pigeon')).toThrow(/unknown transport "carrier-pigeon"/);
  });

  it('checks a registration by its transport', () => {
    expect(registrationIssues({ transport: 'http' }).map((i) => i.path[0])).toEqual(['endpointUrl']);
    expect(registrationIssues({ transport: 'ws', endpointUrl: 'http://x' })).toHaveLength(1);
    expect(registrationIssues({ transport: 'llm', endpointUrl: 'http://x' }).map((i) => i.path[0])).toEqual([
      'endpointUrl',
      'modelName',
    ]);
    expect(registrationIssues({ transport: 'llm', modelName: 'm' })).toEqual([]);
    expect(transports().every((t) => t.label && t.summary)).toBe(true);
  });
});
