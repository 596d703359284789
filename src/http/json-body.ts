import { InputError } from '../errors.js';
import { jsonDepthOver, MAX_JSON_DEPTH } from './json-depth.js';

/**
 * A request's JSON body, parsed, for every route that takes one: a body that is not JSON, or
 * that nests deeper than MAX_JSON_DEPTH, is a 400 before any route code walks it.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (jsonDepthOver(text, MAX_JSON_DEPTH) !== undefined)
    throw new InputError(
      `request body nests arrays and objects more than ${MAX_JSON_DEPTH} deep (at most ${MAX_JSON_DEPTH})`,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InputError('request body is not valid JSON');
  }
}
