import type { RouteOptions } from 'fastify';
import { edgeErrorStatuses, ErrorBody } from '@coup/api-contract';

/** Adds the platform's errors to a route's response schemas, keeping what the route declares itself. */
export function addEdgeErrors(route: RouteOptions): void {
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (!schema?.response || schema.hide) return;
  for (const status of edgeErrorStatuses(route)) schema.response[status] ??= ErrorBody;
}
