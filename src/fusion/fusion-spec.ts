import { z } from 'zod/v4';
import { FUSION_DEFAULTS, MAX_DEPTH, MAX_LEGS } from '../schemas/defaults.js';
import { currentSchema } from '../schemas/current-schema.js';
import { describeRange } from '../schemas/param-types.js';
import { registryEnum } from '../schemas/registry-enum.js';
import { weightedMethodNames } from './method-help.js';
import type { FUSION_BLOCK_FIELDS, MethodConstant } from './method-constant.js';
import { fusionConstants, fusionMethodNames, methodsReading, perMethodsVersion } from './method-registry.js';
import type { FusionMethodName } from './method-table.js';
import { normNames } from './norm-registry.js';
import type { NormName } from './norm-table.js';

/** A pipeline's `fusion:` block as it is parsed: every default in place, each constant by its name. */
export interface FusionSpec {
  method: FusionMethodName;
  norm: NormName;
  weights?: number[] | Record<string, number>;
  depth: number;
  /** The constants given (rrf_k always, its default filled in), by name: numbers, as the schema checked. */
  [constant: string]: unknown;
}

/** The block as a caller may write it: every field optional. */
interface FusionInput {
  method?: string;
  norm?: string;
  weights?: number[] | Record<string, number>;
  depth?: number;
  [constant: string]: unknown;
}

/**
 * The zod field of a constant, from its row: its bounds (a refusal names the field and says
 * them), its help, and its default for a constant every settled fusion holds (rrf_k); any other
 * is optional, so a pipeline that does not give it keeps its settled form.
 */
export function constantField(c: MethodConstant) {
  const { min, max, exclusiveMin, exclusiveMax } = c.range;
  const error = (issue: { input?: unknown }) =>
    `${c.name} must be ${describeRange(c.range)}, got ${JSON.stringify(issue.input) ?? 'nothing'}`;
  const number = z.number({ error });
  const low = exclusiveMin ? number.gt(min, { error }) : number.min(min, { error });
  const field = exclusiveMax ? low.lt(max, { error }) : low.max(max, { error });
  if (c.alwaysSettled) return field.default(c.default).describe(c.help);
  const readers = methodsReading(c.name).join(', ');
  return field.optional().describe(`${c.help} (default ${c.default}); read by ${readers} only, refused for the others`);
}

/** The block's fields that are not constants: the method, its normalisation, the weights and the depth. */
export function fusionBlockFields() {
  return {
    // The methods and normalisations registered when a pipeline is read (method-registry.ts).
    method: registryEnum(fusionMethodNames)
      .default(FUSION_DEFAULTS.method)
      .describe('fusion method, as ranx.fuse defines it (docs/pipelines.md, "Fusing runs and tuning fusion")'),
    norm: registryEnum(normNames)
      .default(FUSION_DEFAULTS.norm)
      .describe('score normalisation of the score methods (comb*, wsum, wmnz); ignored by the rank methods and dbsf'),
    weights: z
      .union([
        z.array(z.number().min(0).max(1e6)).min(1).max(MAX_LEGS),
        z.record(z.string(), z.number().min(0).max(1e6)),
      ])
      .optional()
      .describe(
        `per-leg weights (the parameters of ${weightedMethodNames().join(', ')}): a list in leg order or {leg name: weight}; default 1 each`,
      ),
    depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_DEPTH)
      .default(FUSION_DEFAULTS.depth)
      .describe('hits taken from each leg before fusing'),
  } satisfies Record<(typeof FUSION_BLOCK_FIELDS)[number], z.ZodType>;
}

/**
 * The block's schema for the methods registered now, rebuilt when they change: method and
 * norm, then each constant the methods read (fusionConstants), then weights and depth.
 */
const fusionObject = perMethodsVersion(() => {
  const { method, norm, weights, depth } = fusionBlockFields();
  const constants = Object.fromEntries(fusionConstants().map((c) => [c.name, constantField(c)]));
  return z.object({ method, norm, ...constants, weights, depth }).strict() as unknown as z.ZodType<
    FusionSpec,
    FusionInput
  >;
});

/**
 * How a pipeline's legs are fused (pipeline/pipeline-spec.ts holds it as `fusion`): checked
 * against the methods registered when the pipeline is read, so a method registered later, and
 * its constants, are parsed and documented (requestJsonSchema) from then on.
 */
export const fusionSpec = currentSchema(fusionObject);

/** The schema of one field of the block now (`rrf_k`, `depth`), for a flat parameter that respells it. */
export function fusionField(name: string): z.ZodType {
  const field = (fusionObject() as unknown as z.ZodObject).shape[name];
  if (!field) throw new Error(`the fusion block has no field ${JSON.stringify(name)}`);
  return field as z.ZodType;
}
