import { createRequire } from 'node:module';
import { z } from 'zod/v4';
import { InputError } from '../errors.js';

/**
 * AWS Signature Version 4 for Amazon OpenSearch Service: every request (each retry and each
 * redirect hop anew, as the signature covers the time) gets X-Amz-Date, X-Amz-Content-Sha256
 * (the body's SHA-256, which OpenSearch Serverless requires), X-Amz-Security-Token for temporary
 * credentials, and an Authorization header over the method, path, query, headers and body.
 * The signing is the AWS SDK's own signer (@smithy/signature-v4 with @aws-crypto/sha256-js):
 * the code the SDK signs every AWS call with, kept by AWS, rather than a signer written here.
 */

/** A leg's `aws_sigv4` field. */
export const awsSigV4Field = z
  .object({
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z0-9]+)+-\d+$/, 'an AWS region such as eu-west-1')
      .describe('the domain or collection region, e.g. eu-west-1'),
    service: z
      .enum(['es', 'aoss'])
      .default('es')
      .describe('es: an OpenSearch Service domain; aoss: an OpenSearch Serverless collection'),
  })
  .strict()
  .optional()
  .describe(
    'sign each request with AWS SigV4 (Amazon OpenSearch Service), credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and, for temporary ones, AWS_SESSION_TOKEN',
  );

export interface AwsSigV4 {
  region: string;
  service: 'es' | 'aoss';
}

/** A request as sent: what a signer reads. */
export interface SignableRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body?: string | undefined;
}

/** Returns the headers to send: the request's own plus the signature's. Called before every fetch. */
export type RequestSigner = (req: SignableRequest) => Promise<Record<string, string>>;

export const AWS_KEY_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
export const AWS_TOKEN_VARIABLE = 'AWS_SESSION_TOKEN';

/** The credentials in `env`; an InputError naming the variables missing. */
export function awsCredentials(
  env: NodeJS.ProcessEnv,
  what: string,
): { accessKeyId: string; secretAccessKey: string; sessionToken?: string } {
  const missing = AWS_KEY_VARIABLES.filter((name) => !env[name]);
  if (missing.length)
    throw new InputError(
      `${what} signs its requests with AWS SigV4 and needs credentials in the environment: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set (with ${AWS_TOKEN_VARIABLE} too for temporary credentials)`,
    );
  const token = env[AWS_TOKEN_VARIABLE];
  return {
    accessKeyId: env.AWS_ACCESS_KEY_ID!,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
    ...(token && { sessionToken: token }),
  };
}

/**
 * A signer for one region and service; the credentials are read from `env` now, so a leg
 * without them fails when it is made, before its first query. `now` is the clock (tests).
 */
export function sigV4Signer(
  settings: AwsSigV4,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
  now: () => Date = () => new Date(),
): RequestSigner {
  // Loaded by the first signing leg, not at import: every search would otherwise pay for them (0.1 s).
  const require = createRequire(import.meta.url);
  const { Sha256 } = require('@aws-crypto/sha256-js') as typeof import('@aws-crypto/sha256-js');
  const { SignatureV4 } = require('@smithy/signature-v4') as typeof import('@smithy/signature-v4');
  const signer = new SignatureV4({
    credentials: awsCredentials(env, what),
    region: settings.region,
    service: settings.service,
    sha256: Sha256,
  });
  return async ({ method, url, headers, body }) => {
    const u = new URL(url);
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of u.searchParams) {
      const had = query[name];
      query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    // A header of ours named like one the signature sets would go out twice.
    const own = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !/^(authorization|host|x-amz-date|x-amz-security-token)$/i.test(name)),
    );
    const signed = await signer.sign(
      {
        method,
        protocol: u.protocol,
        hostname: u.hostname,
        ...(u.port !== '' && { port: Number(u.port) }),
        path: u.pathname,
        query,
        // fetch sends Host as url.host; the signature must cover the same value.
        headers: { ...own, host: u.host },
        ...(body !== undefined && { body }),
      },
      { signingDate: now() },
    );
    const { host: _host, ...out } = signed.headers;
    return out;
  };
}
