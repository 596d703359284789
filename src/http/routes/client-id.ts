import type { Context } from 'hono';
import { InputError } from '../../errors.js';

/** The longest X-Client-Id taken: UBI's limit on client_id. */
export const MAX_CLIENT_ID_LENGTH = 100;

/** The caller's X-Client-Id (UBI client_id), or undefined when it sent none (or an empty one). */
export function clientIdOf(c: Context): string | undefined {
  const value = c.req.header('x-client-id');
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_CLIENT_ID_LENGTH)
    throw new InputError(`X-Client-Id must be at most ${MAX_CLIENT_ID_LENGTH} characters (got ${value.length})`, {
      field: 'X-Client-Id',
    });
  return value;
}
