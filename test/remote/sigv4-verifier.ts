import { createHash, createHmac } from 'node:crypto';
import type http from 'node:http';

/**
 * An AWS Signature Version 4 check written from AWS's published description of the algorithm
 * ("Create a signed AWS API request": canonical request, string to sign, signing key, signature),
 * independent of the signer under test (@smithy/signature-v4): what an OpenSearch Service
 * endpoint does with each request before it answers.
 */

export interface SigV4Secret {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/** A request as the server received it: the path and query exactly as sent on the request line. */
export interface ReceivedRequest {
  method: string;
  /** Request target, e.g. `/docs/_search?x=1`. */
  target: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding: every byte but A-Z a-z 0-9 - _ . ~ as %XX, upper-case hex. */
export function uriEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * Step 1's canonical URI for a service other than S3: each segment of the path as sent
 * (already encoded once by the client) URI-encoded again; an empty path is "/".
 */
function canonicalUri(path: string): string {
  return path === '' ? '/' : path.split('/').map(uriEncode).join('/');
}

/** Step 1's canonical query string: each name and value decoded then URI-encoded, sorted by name, then value. */
function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The four steps for given inputs: canonical request, string to sign, signing key, signature (hex). */
export function sigV4Signature(
  input: {
    method: string;
    path: string;
    query: string;
    /** Lower-case name -> value, exactly the signed headers. */
    headers: Record<string, string>;
    payloadHash: string;
    amzDate: string;
  },
  secret: Omit<SigV4Secret, 'accessKeyId'>,
): { canonicalRequest: string; stringToSign: string; signature: string } {
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${input.headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [
    input.method,
    canonicalUri(input.path),
    canonicalQuery(input.query),
    canonicalHeaders,
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${secret.region}/${secret.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${secret.secretAccessKey}`, date);
  const kRegion = hmac(kDate, secret.region);
  const kService = hmac(kRegion, secret.service);
  const kSigning = hmac(kService, 'aws4_request');
  return {
    canonicalRequest,
    stringToSign,
    signature: createHmac('sha256', kSigning).update(stringToSign).digest('hex'),
  };
}

/**
 * The problems with a received request's signature (empty when it is valid): the Authorization
 * header's form and scope, the signed headers a SigV4 request must cover, the payload hash
 * against the body, and the signature recomputed from the request.
 */
export function sigV4Problems(req: ReceivedRequest, secret: SigV4Secret, sessionToken?: string): string[] {
  const problems: string[] = [];
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return [`Authorization header malformed: ${auth}`];
  const [, keyId, date, region, service, signedList, signature] = m;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (keyId !== secret.accessKeyId) problems.push(`access key ${keyId}`);
  if (region !== secret.region || service !== secret.service) problems.push(`scope ${region}/${service}`);
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) problems.push(`x-amz-date ${amzDate}`);
  const signed = signedList!.split(';');
  const required = ['host', 'x-amz-date', 'x-amz-content-sha256', ...(sessionToken ? ['x-amz-security-token'] : [])];
  for (const name of required) if (!signed.includes(name)) problems.push(`${name} not signed`);
  if (sessionToken !== undefined && req.headers['x-amz-security-token'] !== sessionToken)
    problems.push('x-amz-security-token differs');
  const payloadHash = hex(req.body);
  if (req.headers['x-amz-content-sha256'] !== payloadHash) problems.push('x-amz-content-sha256 is not the body hash');
  const q = req.target.indexOf('?');
  const expected = sigV4Signature(
    {
      method: req.method,
      path: q < 0 ? req.target : req.target.slice(0, q),
      query: q < 0 ? '' : req.target.slice(q + 1),
      headers: Object.fromEntries(signed.map((n) => [n, String(req.headers[n] ?? '')])),
      payloadHash,
      amzDate,
    },
    secret,
  );
  if (expected.signature !== signature) problems.push(`signature ${signature} != ${expected.signature}`);
  return problems;
}
