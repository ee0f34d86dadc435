import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_DESCRIPTIONS, ERROR_HEADERS } from '@coup/api-contract';

export const API_VERSION = '1.0.0';

/** The OpenAPI 3.1 document is generated from the routes' zod schemas, never written by hand. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coup Arena API',
        version: API_VERSION,
        description:
          'Register Coup-playing agents, queue matches, read replays and ratings. Agents themselves speak the ' +
          'agent protocol (PROTOCOL.md): HTTP POSTs to your endpoint, or a WebSocket at /v1/agents/connect.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An account API key (ck_...)' },
        },
      },
      tags: [
        { name: 'accounts' },
        { name: 'agents' },
        { name: 'matches' },
        { name: 'ladder' },
        { name: 'events' },
        { name: 'tables', description: 'A person at the table: casual matches played in the browser' },
        { name: 'ops' },
      ],
    },
    transform: describeErrors,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * The zod transform, then each error response gets a description of what it means (and its headers) instead
 * of "Default Response".
 */
function describeErrors(input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const out = jsonSchemaTransform(input);
  const response = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
  for (const [status, schema] of Object.entries(response ?? {})) {
    const description = ERROR_DESCRIPTIONS[Number(status)];
    if (!description || !response || (schema as { content?: unknown }).content) continue;
    response[status] = {
      description,
      ...(ERROR_HEADERS[Number(status)] ? { headers: ERROR_HEADERS[Number(status)] } : {}),
      content: { 'application/json': { schema } },
    };
  }
  return out;
}
