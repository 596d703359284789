// Node's error codes, in words a user can act on. Anything else is shown by its code and message.
const REASONS: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve; no DNS, so probably offline',
  EAI_AGAIN: 'the DNS lookup failed; probably offline',
  ECONNREFUSED: 'the connection was refused',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no route to the network',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
};

/**
 * One phrase saying why a request failed, e.g. "ECONNREFUSED: the connection was refused".
 * Download errors name the cause this way so "offline" and "server said no" read differently.
 */
export function describeNetworkError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === undefined) return message;
  return `${code}: ${REASONS[code] ?? message}`;
}
