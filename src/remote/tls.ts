import fs from 'node:fs';
import tls from 'node:tls';
import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';
import { z } from 'zod/v4';
import { InputError } from '../errors.js';

/**
 * TLS towards a remote engine that does not present a publicly trusted certificate: a private
 * or self-signed CA (`ca_file`), mutual TLS (`client_cert` + `client_key`), or, for a throwaway
 * test cluster, no verification at all (`insecure: true`, which every report and the CLI print
 * as a warning naming the caller). NODE_EXTRA_CA_CERTS, read by Node at start-up, adds CAs for
 * the whole process instead and needs none of this.
 */
export interface TlsOptions {
  /** PEM file of the CA certificate(s) the server's chain must lead to, in place of the bundled ones (curl's --cacert). */
  caFile?: string;
  /** PEM file of the client certificate (chain) presented to a server that asks for one. */
  clientCert?: string;
  /** PEM file of the client certificate's private key (unencrypted). */
  clientKey?: string;
  /** Skip verifying the server's certificate. */
  insecure?: boolean;
  /** Who uses them (`leg "os"`, `push`), for errors about the files. */
  what?: string;
  /** How this caller spells the options, for the hints in errors (a leg's fields by default). */
  names?: TlsOptionNames;
}

/** The option names a hint tells the user to set. */
export interface TlsOptionNames {
  caFile: string;
  clientCert: string;
  clientKey: string;
  insecure: string;
}

/** A pipeline's spelling (legs, http rerankers). */
export const LEG_TLS_NAMES: TlsOptionNames = {
  caFile: 'ca_file',
  clientCert: 'client_cert',
  clientKey: 'client_key',
  insecure: 'insecure: true',
};

const pemPath = (what: string) =>
  z
    .string()
    .min(1)
    .max(4000)
    .optional()
    .describe(`${what} (a PEM file; a relative path is read from the current directory, as run files are)`);

/** The TLS fields of every remote caller in a pipeline (remote-call-fields.ts spreads them). */
export const tlsFields = {
  ca_file: pemPath(
    "the CA certificate(s) the server's certificate must chain to, in place of the bundled public CAs: a private or self-signed CA (NODE_EXTRA_CA_CERTS adds one for the whole process instead)",
  ),
  client_cert: pemPath('the client certificate sent to a server that requires one (mutual TLS); needs client_key'),
  client_key: pemPath("the client certificate's private key, unencrypted; needs client_cert"),
  insecure: z
    .boolean()
    .optional()
    .describe(
      "true: the server's certificate is not verified at all (a test cluster only); reports and the CLI print a warning naming the caller",
    ),
};

/** The fields as a pipeline spells them. */
export interface TlsSettings {
  ca_file?: string | undefined;
  client_cert?: string | undefined;
  client_key?: string | undefined;
  insecure?: boolean | undefined;
}

/** RemoteClient's TLS options from a pipeline's fields; undefined when none is set. */
export function tlsOptionsOf(s: TlsSettings): TlsOptions | undefined {
  const options: TlsOptions = {
    ...(s.ca_file !== undefined && { caFile: s.ca_file }),
    ...(s.client_cert !== undefined && { clientCert: s.client_cert }),
    ...(s.client_key !== undefined && { clientKey: s.client_key }),
    ...(s.insecure === true && { insecure: true }),
  };
  return Object.keys(options).length ? options : undefined;
}

/** The dispatcher a RemoteClient hands to fetch, and the TLS alerts its connections received. */
export interface TlsAgent {
  dispatcher: Dispatcher;
  /** The TLS error (an OpenSSL alert code) the connection of a failed fetch met, when it met one. */
  alertOf(err: unknown): string | undefined;
}

/** Connections whose TLS alert is remembered until a failed fetch asks for it. */
const KEPT_ALERTS = 64;

/**
 * The undici Agent a RemoteClient hands to fetch as its `dispatcher` (Node 20's fetch is undici,
 * and takes one): the PEM files read once, here, and checked by building a TLS context from them,
 * so a missing file, a file that is not PEM or a key that does not match its certificate is an
 * InputError naming the file before the first request, never a handshake failure per query.
 *
 * Under TLS 1.3 a server refuses a missing client certificate after the handshake, with an alert
 * the socket reports and fetch then hides behind "other side closed"; the connector remembers the
 * alert by the connection's local port, where the failed fetch's cause names it.
 */
export function tlsDispatcher(options: TlsOptions): TlsAgent {
  const what = options.what ?? 'a remote caller';
  const names = options.names ?? LEG_TLS_NAMES;
  if ((options.clientCert === undefined) !== (options.clientKey === undefined))
    throw new InputError(
      `${what}: ${names.clientCert} and ${names.clientKey} go together (the certificate and its private key)`,
    );
  const ca = options.caFile === undefined ? undefined : readPem(options.caFile, names.caFile, what);
  const cert = options.clientCert === undefined ? undefined : readPem(options.clientCert, names.clientCert, what);
  const key = options.clientKey === undefined ? undefined : readPem(options.clientKey, names.clientKey, what);
  try {
    tls.createSecureContext({ ...(ca && { ca }), ...(cert && { cert }), ...(key && { key }) });
  } catch (err) {
    const files = [
      options.caFile && `${names.caFile} ${options.caFile}`,
      options.clientCert && `${names.clientCert} ${options.clientCert}`,
      options.clientKey && `${names.clientKey} ${options.clientKey}`,
    ].filter(Boolean);
    throw new InputError(
      `${what}: the TLS files do not load (${files.join(', ')}): ${(err as Error).message} (a certificate and an unencrypted key, PEM, that belong together)`,
    );
  }
  // undici is loaded here, by the first leg with TLS files: a search that calls no engine over
  // TLS (every CLI search of an index file) never pays for it (0.15 s).
  const { Agent, buildConnector } = createRequire(import.meta.url)('undici') as typeof import('undici');
  const connector = buildConnector({
    ...(ca && { ca }),
    ...(cert && { cert }),
    ...(key && { key }),
    rejectUnauthorized: options.insecure !== true,
  });
  const alerts = new Map<number, string>();
  const dispatcher = new Agent({
    connect: (opts, done) =>
      connector(opts, (err, socket) => {
        socket?.prependListener('error', (e: NodeJS.ErrnoException) => {
          const port = socket.localPort;
          if (port === undefined || !e.code?.startsWith('ERR_SSL_')) return;
          alerts.set(port, e.code);
          if (alerts.size > KEPT_ALERTS) alerts.delete(alerts.keys().next().value!);
        });
        // undici's callback type is a union its own connector satisfies one branch at a time.
        (done as (e: Error | null, s: typeof socket) => void)(err, socket);
      }),
  });
  return {
    dispatcher,
    alertOf(err) {
      const port = (err as { cause?: { socket?: { localPort?: unknown } } })?.cause?.socket?.localPort;
      if (typeof port !== 'number') return undefined;
      const code = alerts.get(port);
      alerts.delete(port);
      return code;
    },
  };
}

function readPem(file: string, option: string, what: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `${what}: ${option} ${file} cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)})`,
    );
  }
  if (!text.includes('-----BEGIN '))
    throw new InputError(`${what}: ${option} ${file} is not a PEM file (no "-----BEGIN" line)`);
  return text;
}

/** Verification errors Node reports when the server's certificate is not trusted (OpenSSL's X509_V_ERR_* names). */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Alerts a server sends when it wants a client certificate it did not get, or does not accept the one it got. */
const CLIENT_REFUSED =
  /CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED/;

/**
 * What a failed fetch says when the failure is TLS: the server's certificate not trusted, or the
 * server refusing ours, as one sentence naming the option that fixes it (never a stack or a bare
 * OpenSSL code). Undefined for any other failure. Neither is retried: the next attempt would
 * meet the same certificate.
 */
export function tlsFailure(err: unknown, options?: TlsOptions, agent?: TlsAgent): string | undefined {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const code = agent?.alertOf(err) ?? (typeof cause?.code === 'string' ? cause.code : '');
  const message = typeof cause?.message === 'string' ? cause.message : '';
  const names = options?.names ?? LEG_TLS_NAMES;
  if (UNTRUSTED.has(code)) {
    const fix =
      code === 'ERR_TLS_CERT_ALTNAME_INVALID'
        ? 'call the host name the certificate was issued for'
        : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
          ? "renew the server's certificate"
          : options?.caFile !== undefined
            ? `${names.caFile} ${options.caFile} does not hold the CA that signed it`
            : `give the CA certificate that signed it as ${names.caFile} (a PEM file), or set NODE_EXTRA_CA_CERTS to that file`;
    return `the server's TLS certificate was not accepted (${code}: ${message}): ${fix}; ${names.insecure} skips the check (test clusters only)`;
  }
  if (CLIENT_REFUSED.test(code) || (code === 'EPROTO' && CLIENT_REFUSED.test(message.toUpperCase()))) {
    const sent = options?.clientCert !== undefined;
    return `the server refused the TLS handshake (${code}): ${
      sent
        ? `it did not accept the client certificate ${options?.clientCert}`
        : `it may require a client certificate: set ${names.clientCert} and ${names.clientKey}`
    }`;
  }
  return undefined;
}

const warned = new Set<string>();

/**
 * Prints once per caller and process that its server's certificate is not checked: a run with
 * `insecure: true` must never look like a verified one. `write` is stderr unless a test says.
 */
export function warnInsecure(what: string, write: (line: string) => void = (l) => process.stderr.write(l)): void {
  if (warned.has(what)) return;
  warned.add(what);
  write(`warning: ${what}: TLS certificates are not verified (insecure: true)\n`);
}
