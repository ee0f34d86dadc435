/**
 * A connection error code in words, for messages that name what could not be reached. `refused` says what
 * to check when nothing listens there (it differs for an agent and for the platform).
 */
export function connectionProblem(code: string | undefined, refused: string): string | null {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused (${refused})`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      return null;
  }
}
