import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseEnv } from '@coup/gateway';
import { authPlugin } from '../plugins/auth';
import { errorsPlugin } from '../plugins/errors';

// One route plugin in an app of its own, without Postgres, Redis or a port: the routes' own validation,
// error shapes, auth (no key: 401; `ADMIN_KEY`: the operator) and response schemas, with stand-in
// repositories passed as the plugin's options. For cheap `app.inject` tests where a full stack is not needed.

export const ADMIN_KEY = 'adm_stand_in_0123456789';
export const PUBLIC_URL = 'http://api.test';

export async function standInApp<O extends object>(
  routes: FastifyPluginAsync<O>,
  options: O,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', parseEnv({ LOG_LEVEL: 'silent', ...env }));
  app.decorate('publicUrl', PUBLIC_URL);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { adminKey: ADMIN_KEY });
  await app.register(async (v1) => v1.register(routes, options), { prefix: '/v1' });
  await app.ready();
  return app;
}
