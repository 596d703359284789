import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { TestbedError } from '../errors.js';

export interface ErrorBody {
  error: { code: string; message: string };
}

/**
 * The one place errors become HTTP responses: a JSON `{error: {code, message}}` with a 4xx for
 * anything the client caused. Unknown errors are a 500 with a generic message: a stack trace or
 * internal detail never reaches the client (it is logged instead).
 */
export function errorResponse(err: unknown, c: Context): Response {
  const [status, code, message] = classify(err);
  if (status >= 500) console.error(err);
  return c.json({ error: { code, message } } satisfies ErrorBody, status);
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
