import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import { legUnion } from '../legs/leg-schema.js';
import type { FilterSpec } from '../schemas/filter-spec.js';
import { fusionSpec } from '../fusion/fusion-spec.js';
import type { pipelineSpec } from './pipeline-spec.js';
import { SHORTHAND_ROWS, type ShorthandName } from './shorthand-rows.js';

/**
 * The flat parameters of the shorthands, one schema for every spelling: strings or numbers
 * alike (a query string, CLI flags, a JSON body, YAML), unknown names refused. Generated from
 * the rows (shorthand-rows.ts), so its bounds and defaults are the pipeline fields' own.
 */
export const shorthandParams = z
  .object(
    Object.fromEntries(Object.entries(SHORTHAND_ROWS).map(([name, row]) => [name, row.schema])) as {
      [N in ShorthandName]: (typeof SHORTHAND_ROWS)[N]['schema'];
    },
  )
  .strict();

export type ShorthandParams = z.output<typeof shorthandParams>;

/** A pipeline as its schema outputs it (every default present), ready to settle. */
type PipelineOutput = z.output<typeof pipelineSpec>;

/** The fusion fields a shorthand leaves at the pipeline's defaults (norm for rrf, rrf_k for score). */
const FUSION_FIELD_DEFAULTS = fusionSpec.parse({});

/**
 * What a shorthand stands for, as a pipeline with every default in place (so it is settled, not
 * parsed a second time):
 *   bm25   -> one lexical leg "bm25" (engine, k1, b); with `expansion`, that expansion leg
 *             instead, named "bm25" still (over postings, k1, b, its other fields at their defaults)
 *   dense  -> one dense leg "dense"
 *   hybrid -> legs "bm25" and "dense", fused by rrf (rrf_k, weights, depth) or, for
 *             fusion=score, by wsum with weights (1 - alpha, alpha) over `norm`-normalised scores
 * `lang` is the filter's `lang`. Parameters of another mode are validated and then ignored: an
 * HTML form submits every field whichever mode is chosen.
 */
export function expandShorthand(p: ShorthandParams): PipelineOutput {
  const bm25 = { ...(p.k1 !== undefined && { k1: p.k1 }), ...(p.b !== undefined && { b: p.b }) };
  const lexical =
    p.expansion === 'none'
      ? { type: 'lexical' as const, name: 'bm25', engine: p.engine, ...bm25 }
      : expansionLeg(p.expansion, p.engine, bm25);
  const dense = { type: 'dense' as const, name: 'dense' };
  const filter: FilterSpec | undefined =
    p.lang || p.filter ? { ...p.filter, ...(p.lang && { lang: p.lang.toLowerCase() }) } : undefined;
  const common = { k: p.k, level: p.level, ...(filter && { filter }), ...(p.qlang && { qlang: p.qlang }) };
  if (p.mode === 'bm25') return { legs: [lexical], ...common };
  if (p.mode === 'dense') return { legs: [dense], ...common };
  const fusion =
    p.fusion === 'rrf'
      ? {
          ...FUSION_FIELD_DEFAULTS,
          method: 'rrf' as const,
          rrf_k: p.rrf_k,
          ...(p.weights && { weights: p.weights }),
          depth: p.depth,
        }
      : {
          ...FUSION_FIELD_DEFAULTS,
          method: 'wsum' as const,
          norm: p.norm,
          weights: [1 - p.alpha, p.alpha],
          depth: p.depth,
        };
  return { legs: [lexical, dense], fusion, ...common };
}

/**
 * The expansion leg a shorthand's `expansion` names, at its row's defaults, named "bm25" as the
 * lexical leg it stands in for. It scores over postings: another engine is refused.
 */
function expansionLeg(type: string, engine: string, bm25: { k1?: number; b?: number }): PipelineOutput['legs'][number] {
  if (engine !== 'postings')
    throw new InputError(`expansion ${type} runs over the index's postings: leave engine at postings (got ${engine})`, {
      field: 'expansion',
    });
  return legUnion().parse({ type, name: 'bm25', ...bm25 }) as PipelineOutput['legs'][number];
}
