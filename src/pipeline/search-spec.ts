import { InputError, type Location } from '../errors.js';
import { parsePipeline, settle, zodInputError, type Pipeline } from './resolve-pipeline.js';
import { expandShorthand, shorthandParams } from './shorthand.js';
import type { Mode } from './shorthand-rows.js';

/** A search as every edge hands it over: the pipeline, and which shorthand (if any) it came from. */
export interface SearchSpec {
  pipeline: Pipeline;
  mode: Mode | 'pipeline';
}

/** The pipeline fields that may arrive as JSON text (a query string, a CLI flag). */
const JSON_FIELDS = ['legs', 'fusion', 'rerank', 'filter'] as const;

/**
 * Reads the search parameters of one request (everything but the index and the query text), in
 * either spelling: a pipeline (`legs`, `fusion`, `rerank`, `k`, `level`, `filter`, `qlang`) or a shorthand
 * (`mode` and the flat parameters, shorthand.ts). `pathMode` is the mode a route names
 * (`/search/hybrid`). Values may be JSON values or strings (query strings, CLI flags); unknown
 * names are refused either way, with the same message. Throws InputError naming the field.
 */
export function parseSearchSpec(
  raw: Record<string, unknown>,
  options: { pathMode?: Mode; where?: Location } = {},
): SearchSpec {
  const where = options.where ?? {};
  if (raw.legs !== undefined) {
    if (options.pathMode)
      throw new InputError(
        `legs describe a pipeline: send them to /search, not /search/${options.pathMode} (a shorthand)`,
        { ...where, field: 'legs' },
      );
    if (raw.mode !== undefined)
      throw new InputError('give either mode (a shorthand) or legs (a pipeline), not both', {
        ...where,
        field: 'mode',
      });
    const input: Record<string, unknown> = { ...raw };
    for (const field of JSON_FIELDS) input[field] = parseJsonText(field, input[field], where);
    return { pipeline: parsePipeline(input, where), mode: 'pipeline' };
  }
  if (options.pathMode && raw.mode !== undefined)
    throw new InputError(`the mode is the path's (/search/${options.pathMode}); drop the mode parameter`, {
      ...where,
      field: 'mode',
    });
  const flat = options.pathMode ? { ...raw, mode: options.pathMode } : raw;
  const parsed = shorthandParams.safeParse(flat);
  if (!parsed.success) throw zodInputError(parsed.error, where, flat);
  // The flat parameters were validated against the pipeline fields' own schemas: the expansion is settled, not parsed again.
  return { pipeline: settle(expandShorthand(parsed.data), where), mode: parsed.data.mode };
}

/** The pipeline a shorthand stands for, with the given flat parameters (defaults for the rest). */
export function pipelineForMode(mode: Mode, params: Record<string, unknown> = {}): Pipeline {
  return parseSearchSpec({ ...params, mode }).pipeline;
}

function parseJsonText(field: string, value: unknown, where: Location): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new InputError(`${field} must be JSON, got ${JSON.stringify(value.slice(0, 80))}`, { ...where, field });
  }
}
