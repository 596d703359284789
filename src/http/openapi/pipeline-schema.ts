import { pipelineSpec } from '../../pipeline/pipeline-spec.js';
import { settledConstantsSchema } from '../../pipeline/settle-constants.js';
import { requestJsonSchema } from '../../schemas/json-schema.js';

type Json = Record<string, unknown>;

/**
 * The JSON Schema of a settled pipeline (src/pipeline/resolve-pipeline.ts `Pipeline`): what a
 * search answers as `pipeline` and a report records per configuration. It is the request's
 * schema (generated from the zod spec, so its leg types are the registry's rows when the
 * document is made) with the parts settling rewrites written as settled: fusion with every
 * default filled in (the constants of the method rows by their settled names, `rrfK`, weights
 * as a list in leg order) and the rerank stage with its camelCase fields. A leg is the spec's leg, open to the fields its row's settle adds.
 */
export function settledPipelineSchema(): Json {
  const spec = requestJsonSchema(pipelineSpec) as { properties: Record<string, Json> };
  const { legs, fusion, rerank: _request, ...rest } = spec.properties;
  const fusionFields = (fusion as { properties: Record<string, Json> }).properties;
  const number = { type: 'number' };
  const int = { type: 'integer' };
  const constants = settledConstantsSchema();
  const settledLegs = {
    ...legs,
    items: { anyOf: legVariants(legs!).map(({ additionalProperties: _closed, ...leg }) => leg) },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['legs', 'k', 'level'],
    properties: {
      ...rest,
      legs: settledLegs,
      fusion: {
        type: 'object',
        additionalProperties: false,
        required: ['method', 'norm', ...constants.required, 'weights', 'depth'],
        description: 'Fusion: every default filled in, the weights in leg order (present with two legs or more)',
        properties: {
          method: fusionFields.method,
          norm: fusionFields.norm,
          ...constants.properties,
          weights: { type: 'array', items: number, description: 'per leg, in leg order' },
          depth: { ...int, description: 'hits taken from each leg before fusing' },
        },
      },
      rerank: {
        description: 'Rerank (src/pipeline/rerank-spec.ts): the rerank stage, settled',
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'name', 'model', 'depth', 'batch', 'quantized'],
            properties: {
              type: { const: 'cross-encoder' },
              name: { type: 'string' },
              model: { type: 'string' },
              depth: int,
              batch: int,
              quantized: { type: 'boolean' },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'name', 'url', 'depth', 'topN', 'shape'],
            properties: {
              type: { const: 'http' },
              name: { type: 'string' },
              url: { type: 'string' },
              model: { type: 'string' },
              depth: int,
              topN: { ...int, description: 'results asked for; at most depth' },
              shape: { type: 'string', enum: ['cohere', 'tei'] },
              headers: { type: 'object', additionalProperties: { type: 'string' } },
              timeoutMs: int,
              retries: int,
              concurrency: int,
              failAfter: int,
            },
          },
        ],
      },
    },
  };
}

/** The leg schemas of the spec's `legs` list (a union of the registry's leg types). */
function legVariants(legs: Json): Json[] {
  const items = legs.items as Json;
  return ((items.anyOf ?? items.oneOf ?? [items]) as Json[]).map((leg) => ({ ...leg }));
}
