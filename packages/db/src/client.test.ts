import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, poolOf } from './client.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';

// Every connection of a client from createPrisma runs without JIT compilation (client.ts says why), whether
// a statement goes through Prisma or straight to the pool (prepared.ts), and a URL's own options still win.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(() => db?.drop());

const jitOf = async (url: string) => {
  const prisma = createPrisma(url);
  try {
    const [viaPrisma] = await prisma.$queryRaw<{ jit: string }[]>`SHOW jit`;
    const viaPool = await poolOf(prisma)!.query<{ jit: string }>('SHOW jit');
    return [viaPrisma?.jit, viaPool.rows[0]?.jit];
  } finally {
    await prisma.$disconnect();
  }
};

describe('createPrisma', () => {
  it('opens connections with jit off', async () => {
    expect(await jitOf(db.url)).toEqual(['off', 'off']);
  });

  it("keeps a URL's own startup options in their place", async () => {
    const url = new URL(db.url);
    url.searchParams.set('options', '-c jit=on');
    expect(await jitOf(url.toString())).toEqual(['on', 'on']);
  });
});
