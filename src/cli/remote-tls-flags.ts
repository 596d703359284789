import { InputError } from '../errors.js';
import type { RemoteOptions } from '../remote/remote-client.js';
import { awsSigV4Field, sigV4Signer } from '../remote/sigv4.js';
import type { LegSnippet } from '../push/push-target.js';
import type { TlsOptionNames, TlsOptions } from '../remote/tls.js';

/** parseArgs options of the TLS and AWS flags a command that calls an engine takes (`testbed push`). */
export const REMOTE_TLS_FLAGS = {
  'ca-file': { type: 'string' },
  'client-cert': { type: 'string' },
  'client-key': { type: 'string' },
  insecure: { type: 'boolean' },
  'aws-sigv4': { type: 'string' },
} as const;

/** How the flags are spelt, for the hints of TLS errors. */
const FLAG_NAMES: TlsOptionNames = {
  caFile: '--ca-file',
  clientCert: '--client-cert',
  clientKey: '--client-key',
  insecure: '--insecure',
};

/** The flags' lines of a usage text. */
export const REMOTE_TLS_USAGE = `  --ca-file PEM       the CA certificate(s) the engine's certificate must chain to (a private or
                      self-signed CA; NODE_EXTRA_CA_CERTS=PEM does the same for the whole process)
  --client-cert PEM   a client certificate for an engine that requires one (mutual TLS),
  --client-key PEM    with its unencrypted private key
  --insecure          do not verify the engine's certificate (a test cluster only; warned on stderr)
  --aws-sigv4 REGION[:SERVICE]
                      sign each request with AWS SigV4 for Amazon OpenSearch Service (SERVICE es,
                      the default, for a domain; aoss for a Serverless collection); credentials from
                      AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN
                      (the printed legs carry these as ca_file, client_cert, client_key,
                      insecure and aws_sigv4)`;

export interface RemoteTlsFlagValues {
  'ca-file'?: string | undefined;
  'client-cert'?: string | undefined;
  'client-key'?: string | undefined;
  insecure?: boolean | undefined;
  'aws-sigv4'?: string | undefined;
}

/**
 * RemoteClient options from the flags: TLS files (checked when the client is made), no
 * verification, a SigV4 signer. `engine` is checked against SigV4: only OpenSearch takes it.
 */
export function remoteTlsFlags(
  values: RemoteTlsFlagValues,
  what: string,
  engine: string,
): Pick<RemoteOptions, 'tls' | 'sign'> {
  const tls: TlsOptions = {
    ...(values['ca-file'] !== undefined && { caFile: values['ca-file'] }),
    ...(values['client-cert'] !== undefined && { clientCert: values['client-cert'] }),
    ...(values['client-key'] !== undefined && { clientKey: values['client-key'] }),
    ...(values.insecure === true && { insecure: true }),
  };
  const withTls = Object.keys(tls).length > 0 ? { tls: { ...tls, what, names: FLAG_NAMES } } : {};
  const flag = values['aws-sigv4'];
  if (flag === undefined) return withTls;
  if (engine !== 'opensearch')
    throw new InputError(`--aws-sigv4 signs requests to Amazon OpenSearch Service: it goes with --to opensearch`);
  const [region, service = 'es'] = flag.split(':');
  const parsed = awsSigV4Field.safeParse({ region, service });
  if (!parsed.success || parsed.data === undefined)
    throw new InputError(
      `--aws-sigv4 must be REGION or REGION:SERVICE (es or aoss), e.g. eu-west-1 or eu-west-1:aoss; got "${flag}"`,
    );
  return { ...withTls, sign: sigV4Signer(parsed.data, what) };
}

/**
 * The same settings as leg fields (ca_file, client_cert, client_key, insecure, aws_sigv4), for
 * the legs the command prints: a cluster reached with them is searched with them. Paths as
 * given, read from the current directory by the leg as by the command.
 */
export function tlsLegFields(values: RemoteTlsFlagValues): LegSnippet {
  const fields: LegSnippet = [];
  if (values['ca-file'] !== undefined) fields.push(['ca_file', values['ca-file']]);
  if (values['client-cert'] !== undefined) fields.push(['client_cert', values['client-cert']]);
  if (values['client-key'] !== undefined) fields.push(['client_key', values['client-key']]);
  if (values.insecure === true) fields.push(['insecure', true]);
  const flag = values['aws-sigv4'];
  if (flag !== undefined) {
    const [region = '', service = 'es'] = flag.split(':');
    fields.push(['aws_sigv4', { region, service }]);
  }
  return fields;
}
