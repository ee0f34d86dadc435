import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { Account } from '@coup/db';
import { accountByKey } from '../repositories/accounts';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, set by requireAccount. */
    account: Account | null;
    /** Whether the caller presented the operator's ADMIN_KEY or an admin account's key. */
    isAdmin: boolean;
  }
  interface FastifyInstance {
    requireAccount: (req: FastifyRequest) => Promise<void>;
    /** An account key or the operator's admin key (routes on owned resources: the owner or the operator). */
    requireCaller: (req: FastifyRequest) => Promise<void>;
    requireAdmin: (req: FastifyRequest) => Promise<void>;
    /** Resolves the caller when a key is sent (a bad key is still a 401); anonymous otherwise. */
    optionalAccount: (req: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? (m[1] ?? null) : null;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Bearer API keys: stored as sha256 hashes, so a key is looked up by its hash and never kept. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { adminKey: string }) => {
  app.decorateRequest('account', null);
  app.decorateRequest('isAdmin', false);

  async function resolve(req: FastifyRequest): Promise<void> {
    const token = bearerToken(req);
    if (!token) {
      throw new HttpError(401, 'unauthorized', 'missing API key: send "Authorization: Bearer <key>"');
    }
    if (sameSecret(token, opts.adminKey)) {
      req.isAdmin = true;
      return;
    }
    const account = await accountByKey(app.prisma, token);
    if (!account) throw new HttpError(401, 'unauthorized', 'invalid API key');
    req.account = account;
    req.isAdmin = account.isAdmin;
  }

  app.decorate('requireAccount', async (req: FastifyRequest) => {
    await resolve(req);
    if (!req.account) {
      throw new HttpError(
        403,
        'forbidden',
        'this route needs an account API key (the admin key has no account)',
      );
    }
  });
  app.decorate('requireCaller', resolve);
  app.decorate('optionalAccount', async (req: FastifyRequest) => {
    if (req.headers.authorization) await resolve(req);
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    await resolve(req);
    if (!req.isAdmin) throw new HttpError(403, 'forbidden', 'this route is for the operator (admin key)');
  });
});
