import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/**
 * Who may call the routes of a scope: `viewer` anyone, a key optional (its owner sees more); `account` an
 * account key; `caller` an account key or the operator's admin key (the owner of what it changes, or the
 * operator); `admin` the operator.
 */
export type Access = 'viewer' | 'account' | 'caller' | 'admin';

const BEARER = [{ bearer: [] }];

/**
 * The routes that `routes` registers, behind one access rule applied once for all of them: the rule's hook
 * runs before each (after the app's and the enclosing route plugin's own onRequest hooks, before the rate
 * limit), and the OpenAPI document declares the bearer key on each (not for `viewer`: the key is optional
 * there). A route file registers its routes in one such scope per rule, so no route states its own auth and
 * none can leave it out; routes outside any scope are public (no key is even read).
 */
export function withAccess(access: Access, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    const hooks = {
      viewer: app.optionalAccount,
      account: app.requireAccount,
      caller: app.requireCaller,
      admin: app.requireAdmin,
    };
    app.addHook('onRequest', hooks[access]);
    if (access !== 'viewer') {
      app.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: BEARER };
      });
    }
    await routes(app, {});
  };
}
