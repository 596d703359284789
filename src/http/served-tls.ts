import { ForbiddenError } from '../errors.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';

/** Leg fields that make the server use something of its own: files it reads, credentials in its environment. */
const SERVER_SIDE_FIELDS = ['ca_file', 'client_cert', 'client_key', 'aws_sigv4'] as const;

/**
 * A pipeline from a request may not name the server's TLS files or sign with the server's AWS
 * credentials: a client could otherwise read any PEM file the server can (and learn from the
 * error which paths exist), present the server's own key as a client certificate, or have the
 * server's AWS identity sign its queries. Like `${env:NAME}` headers, these are taken only from
 * experiment files on the server and the CLI. `insecure: true` stays allowed: it uses nothing
 * of the server's, and reports warn about it. 403 naming the field.
 */
export function checkServedTls(pipeline: Pipeline, where: string | undefined): void {
  const at = (path: string) => (where ? `${where}.${path}` : path);
  pipeline.legs.forEach((leg, i) => {
    const field = SERVER_SIDE_FIELDS.find((f) => (leg as Record<string, unknown>)[f] !== undefined);
    if (field) throw refusal(at(`legs.${i}.${field}`), field);
  });
  const tls = pipeline.rerank?.type === 'http' ? pipeline.rerank.tls : undefined;
  const file = tls?.caFile !== undefined ? 'ca_file' : tls?.clientCert !== undefined ? 'client_cert' : undefined;
  if (file) throw refusal(at(`rerank.${file}`), file);
}

function refusal(path: string, field: string): ForbiddenError {
  const what = field === 'aws_sigv4' ? "the server's AWS credentials" : "a file on the server's disk";
  return new ForbiddenError(
    `${path}: ${field} uses ${what}, taken only from experiment files on the server (POST /experiments {"config": ...}) and the CLI, not from a request`,
  );
}
