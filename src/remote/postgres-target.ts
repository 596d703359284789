import { InputError } from '../errors.js';

/**
 * Where the pg client will connect for a URL, read the way its parser (pg-connection-string)
 * reads it, not the way the URL looks: `?host=` and `?port=` win over the authority, the host is
 * percent-decoded, brackets are taken off an IPv6 address, and what is still missing comes from
 * PGHOST / PGPORT, then localhost:5432. The allow-list (allowed-origins.ts) is checked on this,
 * so `postgres://u@allowed:5432/db?host=127.0.0.1&port=6000` is judged as 127.0.0.1:6000.
 */
export interface PostgresTarget {
  host: string;
  port: number;
  /** Every query parameter, the last of a repeated name winning, as the driver reads them. */
  params: Map<string, string>;
}

/** Characters pg-connection-string re-encodes before parsing (a space, a `%` not starting an escape). */
const NEEDS_ENCODING = / |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i;

export function postgresTarget(url: string, what: string, env: NodeJS.ProcessEnv = process.env): PostgresTarget {
  const text = NEEDS_ENCODING.test(url) ? encodeURI(url).replace(/%25(\d\d)/g, '%$1') : url;
  let u: URL;
  let noHost = false;
  try {
    u = new URL(text, 'postgres://base');
  } catch {
    try {
      // As the driver does: `user@/db` is a URL without a host.
      u = new URL(text.replace('@/', '@___DUMMY___/'), 'postgres://base');
      noHost = true;
    } catch {
      throw new InputError(`${what}: not a postgres://USER@HOST:PORT/DATABASE URL`);
    }
  }
  const params = new Map<string, string>();
  for (const [k, v] of u.searchParams) params.set(k, v);
  const authorityHost = decoded(noHost ? '' : u.hostname.replace(/^\[(.+)\]$/, '$1'), what);
  const host = params.get('host') || authorityHost || env.PGHOST || 'localhost';
  const portText = params.get('port') || u.port || env.PGPORT || '5432';
  if (!isPortNumber(portText)) throw new InputError(`${what}: the URL's port is not a port number (1 to 65535)`);
  return { host, port: Number(portText), params };
}

/** A TCP port as written in a URL: 1 to 5 digits, 1 to 65535. */
export function isPortNumber(text: string): boolean {
  const n = Number(text);
  return /^\d{1,5}$/.test(text) && n >= 1 && n <= 65535;
}

function decoded(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new InputError(`${what}: the URL's host has a broken percent-encoding`);
  }
}

/** `postgres://host:port`, lower case, an IPv6 address in brackets: what `--allow-remote` names. */
export function targetOrigin({ host, port }: PostgresTarget): string {
  return `postgres://${host.includes(':') ? `[${host}]` : host}:${port}`.toLowerCase();
}
