import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { TestbedError } from '../errors.js';
import { knownRoots, scrubMessage, type ServedRoots } from './shown-paths.js';
import { scrubSecrets } from '../remote/known-secrets.js';

export interface ErrorBody {
  error: { code: string; message: string };
}

/**
 * The one place errors become HTTP responses: a JSON `{error: {code, message}}` with a 4xx for
 * anything the client caused. Every 5xx says only "internal error": a stack trace or internal
 * detail never reaches the client (it is logged instead). As a last line, a 4xx message leaves
 * with the served `roots` named relatively and any other absolute path cut to its last segment
 * (see scrubMessage) and every secret the server knows cut out (scrubSecrets), whatever the code
 * that threw put in it.
 */
export function errorResponse(err: unknown, c: Context, roots: ServedRoots = {}): Response {
  const [status, code, message] = classify(err);
  // Our own errors with a 5xx (a remote engine's failure, 502) say what failed; anything else
  // is a bug whose detail stays in the log.
  if (status >= 500 && !(err instanceof TestbedError)) {
    console.error(err);
    return c.json({ error: { code: 'internal', message: 'internal error' } } satisfies ErrorBody, status);
  }
  return c.json(
    { error: { code, message: scrubSecrets(scrubMessage(message, knownRoots(roots))) } } satisfies ErrorBody,
    status,
  );
}

function classify(err: unknown): [ContentfulStatusCode, string, string] {
  if (err instanceof TestbedError) return [err.status, err.code, err.message];
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const field = issue?.path.join('.') || 'request';
    return [400, 'bad_input', `${field}: ${issue?.message ?? 'invalid'}`];
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return [status, status === 413 ? 'too_large' : 'bad_request', err.message || 'bad request'];
  }
  return [500, 'internal', 'internal error'];
}

export function jsonError(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json({ error: { code, message } } satisfies ErrorBody, status);
}
