import type { MiddlewareHandler } from 'hono';
import { InputError } from '../../errors.js';
import { jsonError } from '../errors.js';

/** The names every server answers to: the loopback names a local browser or script uses. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * A host name as the Host header and URLs write it: lower case, an IPv6 address in brackets.
 * Used for `--host` and `--allowed-host` values, which must be bare names (no port, no path):
 * the check ignores ports, so a port there would be a mistake the user should hear about.
 */
export function normaliseHostName(name: string): string {
  const lower = name.trim().toLowerCase();
  const v6 = /^\[?([0-9a-f:.]+)\]?$/.exec(lower);
  // In the canonical form (`[::1]` for `0:0::1`), the only one the Node adapter lets through.
  if (v6 && lower.includes(':')) return canonicalIpv6(v6[1]!, name);
  if (/^[a-z0-9._-]+$/.test(lower)) return lower;
  throw new InputError(
    `allowed host "${name}" is not a host name (give a name or address without a port, IDN names in their xn-- form)`,
  );
}

function canonicalIpv6(address: string, given: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname;
  } catch {
    throw new InputError(`allowed host "${given}" is not a valid IPv6 address`);
  }
}

/**
 * The host part of a Host header (`name`, `name:port`, `[v6]` or `[v6]:port`), lower case (an IPv6
 * address canonical, as canonicalHostHeader writes it), or
 * undefined when the header is not of that shape. Parsed by hand rather than by `new URL`, which
 * would accept userinfo and normalise numbers (`127.1`), so what is compared is what was sent.
 */
export function hostOf(header: string): string | undefined {
  return splitHost(header)?.host;
}

/**
 * A Host header as the server compares it and its HTTP adapter reads it: the name in lower case
 * (DNS names are case-insensitive), an IPv6 address in its canonical form (`[::1]` for
 * `[0:0:0:0:0:0:0:1]`), the port kept; undefined when it is not `name[:port]` or `[v6][:port]`.
 */
export function canonicalHostHeader(header: string): string | undefined {
  const parts = splitHost(header);
  return parts && parts.host + parts.port;
}

function splitHost(header: string): { host: string; port: string } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/i.exec(header.trim());
  if (!m) return undefined;
  const name = m[1]!.toLowerCase();
  const host = name.startsWith('[') ? canonicalOrUndefined(name) : name;
  return host === undefined ? undefined : { host, port: m[2] ?? '' };
}

function canonicalOrUndefined(bracketed: string): string | undefined {
  try {
    return new URL(`http://${bracketed}/`).hostname;
  } catch {
    return undefined;
  }
}

export interface HostCheckOptions {
  /** Names allowed besides the loopback ones (the bound --host, each --allowed-host). */
  allowedHosts?: readonly string[];
  /** Paths answered whatever the Host (GET /health: a load balancer or probe may use any name). */
  anyHostPaths?: readonly string[];
}

/**
 * DNS rebinding defence: a page on attacker.example can make its own name resolve to 127.0.0.1
 * and then read this server's answers as same-origin, but the browser still sends
 * `Host: attacker.example`, so every request (reads too) whose Host is not one of the server's
 * names is refused. Ports are ignored: the name is what tells a rebinding page from a real
 * client (either may use any port, and a proxy may change it). Both the Host header and the
 * request URL are checked (an absolute-form request line carries its own host). The same
 * defence as Jupyter's `allow_remote_access` check and Vite's `server.allowedHosts`, which
 * answer 403 too; unlike them, any IP literal is not allowed by default, only the loopback
 * ones and the bound address (others by --allowed-host), so the list is all there is to read.
 *
 * 403 rather than 421 Misdirected Request: 421 tells a client it may retry on another
 * connection (RFC 9110 section 15.5.20), meant for HTTP/2 connection reuse; here no connection
 * would do better, the server refuses to serve that name.
 */
export function checkHost(options: HostCheckOptions = {}): MiddlewareHandler {
  const allowed = new Set<string>([...LOOPBACK_HOSTS, ...(options.allowedHosts ?? []).map(normaliseHostName)]);
  const open = new Set(options.anyHostPaths ?? []);
  return async (c, next) => {
    if (open.has(c.req.path)) return next();
    const header = c.req.header('host');
    const urlHost = new URL(c.req.url).hostname.toLowerCase();
    const sent = header === undefined ? urlHost : hostOf(header);
    const sentOk = sent !== undefined && allowed.has(sent);
    if (sentOk && allowed.has(urlHost)) return next();
    // The allowed names are not listed: a rebinding page can read this answer.
    const shown = JSON.stringify((sentOk ? urlHost : (header ?? urlHost)).slice(0, 100));
    return jsonError(
      c,
      403,
      'host_not_allowed',
      `host ${shown} is not one of this server's names; start it with --allowed-host NAME to answer another`,
    );
  };
}
