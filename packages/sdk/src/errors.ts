import type { ApiError } from '@coup/protocol';

/** The error shape of PROTOCOL.md, used by every non-2xx answer of the agent's HTTP server. */
export function errorBody(code: string, message: string, details?: unknown): ApiError {
  const error: ApiError['error'] = { code, message };
  if (details !== undefined) error.details = details;
  return { error };
}

export function reportError(onError: ((err: unknown, context: string) => void) | undefined) {
  return (err: unknown, context: string): void => {
    if (onError) onError(err, context);
    else console.error(`[coup agent] ${context}:`, err);
  };
}
