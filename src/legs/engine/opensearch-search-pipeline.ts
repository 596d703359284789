import { createHash } from 'node:crypto';
import type { LegProblem } from '../leg-definition.js';
import { HYBRID_DEFAULTS, type OpensearchHybridLeg } from './hybrid-leg-specs.js';
import { joinUrl, parseBaseUrl } from '../../remote/base-url.js';

/**
 * The OpenSearch search pipeline that fuses an `opensearch-hybrid` leg's two sub-queries: one the
 * user made (`search_pipeline`), or one the leg creates with `PUT /_search/pipeline/NAME`, in the
 * shapes OpenSearch documents for its two search phase results processors:
 * - `normalization-processor` (2.10+): `{normalization: {technique}, combination: {technique,
 *   parameters: {weights}}}`, techniques min_max | l2 | z_score and arithmetic_mean |
 *   geometric_mean | harmonic_mean (z_score with arithmetic_mean only; weights in [0, 1], one per
 *   sub-query, summing to 1);
 * - `score-ranker-processor` (2.19+): `{combination: {technique: rrf, rank_constant, parameters:
 *   {weights}}}`, rank_constant at least 1 (60 by default).
 * A created pipeline is named by a hash of its body unless `pipeline_name` is given, so the same
 * settings reuse one pipeline and different settings never overwrite each other's.
 */

type PipelineFields = Pick<
  OpensearchHybridLeg,
  'search_pipeline' | 'normalization' | 'combination' | 'weights' | 'rank_constant' | 'pipeline_name'
>;

export interface SearchPipeline {
  name: string;
  /** The body of the PUT that creates it; absent for the user's own pipeline. */
  body?: object;
}

/** Tolerance on the weights' sum: OpenSearch refuses weights that do not sum to 1. */
const WEIGHT_SUM_TOLERANCE = 1e-9;

/** The first rule a hybrid leg's pipeline fields break, or undefined; checked when the pipeline is parsed. */
export function checkSearchPipeline(leg: PipelineFields): LegProblem | undefined {
  const describing = (['normalization', 'combination', 'weights', 'rank_constant', 'pipeline_name'] as const).filter(
    (f) => leg[f] !== undefined,
  );
  if (leg.search_pipeline !== undefined && describing.length > 0)
    return {
      field: describing[0],
      message: `search_pipeline names a pipeline you made, and ${describing.join(', ')} describe one the leg creates: give one or the other`,
    };
  if (leg.combination === 'rrf' && leg.normalization !== undefined)
    return {
      field: 'normalization',
      message: 'combination rrf ranks by reciprocal rank (the score-ranker-processor), which normalizes nothing',
    };
  if (leg.rank_constant !== undefined && leg.combination !== 'rrf')
    return { field: 'rank_constant', message: "rank_constant is RRF's k: it needs combination: rrf" };
  if (leg.normalization === 'z_score' && (leg.combination ?? HYBRID_DEFAULTS.combination) !== 'arithmetic_mean')
    return {
      field: 'combination',
      message: `OpenSearch combines z_score normalized scores by arithmetic_mean only (not ${leg.combination})`,
    };
  if (leg.weights && Math.abs(leg.weights[0]! + leg.weights[1]! - 1) > WEIGHT_SUM_TOLERANCE)
    return {
      field: 'weights',
      message: `the weights [lexical, dense] must sum to 1, as OpenSearch requires (these sum to ${leg.weights[0]! + leg.weights[1]!})`,
    };
  return undefined;
}

/** The pipeline a leg searches through: its own name, or the one it creates and the PUT body creating it. */
export function searchPipelineOf(leg: PipelineFields): SearchPipeline {
  if (leg.search_pipeline !== undefined) return { name: leg.search_pipeline };
  const weights = leg.weights && { parameters: { weights: leg.weights } };
  const processor =
    leg.combination === 'rrf'
      ? {
          'score-ranker-processor': {
            combination: {
              technique: 'rrf',
              rank_constant: leg.rank_constant ?? HYBRID_DEFAULTS.rankConstant,
              ...weights,
            },
          },
        }
      : {
          'normalization-processor': {
            normalization: { technique: leg.normalization ?? HYBRID_DEFAULTS.normalization },
            combination: { technique: leg.combination ?? HYBRID_DEFAULTS.combination, ...weights },
          },
        };
  const body = {
    description: 'created by retrieval-testbed for an opensearch-hybrid leg',
    phase_results_processors: [processor],
  };
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return { name: leg.pipeline_name ?? `testbed-hybrid-${hash}`, body };
}

/** `BASE/_search/pipeline/NAME` by joinUrl (the base's path prefix and query string kept): where a pipeline is created. */
export function searchPipelineUrl(baseUrl: string, name: string): string {
  return joinUrl(parseBaseUrl(baseUrl, 'url'), `/_search/pipeline/${encodeURIComponent(name)}`);
}
