import type { z } from 'zod/v4';
import { InputError, type Location } from '../errors.js';
import type { FilterSpec } from '../schemas/filter-spec.js';
import { fusionSpec } from '../fusion/fusion-spec.js';
import type { FusionMethodName } from '../fusion/method-table.js';
import type { NormName } from '../fusion/norm-table.js';
import type { Level } from '../schemas/names.js';
import { pipelineSpec, type PipelineInput, type PipelineSpec } from './pipeline-spec.js';
import { settleConstants } from './settle-constants.js';
import { settleLeg } from '../legs/leg-traits.js';
import type { HttpLeg, Leg, LexicalLeg } from '../legs/registry.js';
import { settleRerank, type Rerank } from './rerank-spec.js';
import { unknownLegTypeMessage } from './unknown-leg-type.js';

export type { Leg, LexicalLeg, HttpLeg };

/**
 * Fusion with every default filled in and the weights in leg order. The constants of the
 * methods' formulas are settled under their camelCase names (settle-constants.ts): rrfK always,
 * the others (gamma, sigma, phi...) only when given, so a pipeline that does not give them
 * keeps its settled JSON, the key of caches.
 */
export interface Fusion {
  method: FusionMethodName;
  norm: NormName;
  weights: number[];
  depth: number;
  /** A constant, by its settled name (rrfK, gamma): a number (settle-constants.ts reads them back). */
  [constant: string]: unknown;
}

/**
 * A validated pipeline, ready to run: unique leg names, fusion present exactly when there is
 * more than one leg. Its JSON is canonical (same pipeline, same JSON), so it keys caches.
 */
export interface Pipeline {
  legs: Leg[];
  fusion?: Fusion;
  /** Rescores the first stage's top depth hits (pipeline/rerank.ts). */
  rerank?: Rerank;
  k: number;
  level: Level;
  filter?: FilterSpec;
  qlang?: string;
}

/**
 * Validates a pipeline as any caller spells it (a JSON body, a YAML mapping, a CLI --pipeline
 * file) and settles it. Errors are InputErrors naming the field (`legs.1.engine`), with `where`
 * (a file and line) in front when the caller knows it.
 */
export function parsePipeline(raw: unknown, where: Location = {}): Pipeline {
  const parsed = pipelineSpec.safeParse(raw);
  if (!parsed.success) throw zodInputError(parsed.error, where, raw);
  return settle(parsed.data, where);
}

/** Settles an already-parsed spec (shorthand expansion builds one directly). */
export function settle(spec: PipelineSpec, where: Location = {}): Pipeline {
  const fail = (field: string, message: string): never => {
    throw new InputError(message, { ...where, field: where.field ? `${where.field}.${field}` : field });
  };
  const settled = spec.legs.map((leg) => settleLeg(leg, { level: spec.level }));
  const legs = settled.map((s) => s.leg);
  const seen = new Set<string>();
  settled.forEach(({ leg, problem }, i) => {
    if (seen.has(leg.name)) fail(`legs.${i}.name`, `two legs are named "${leg.name}": give each leg its own name`);
    seen.add(leg.name);
    if (problem) fail(problem.field ? `legs.${i}.${problem.field}` : `legs.${i}`, problem.message);
  });
  if (legs.length === 1 && spec.fusion) fail('fusion', 'fusion needs two legs or more; this pipeline has one');
  const pipeline: Pipeline = { legs, k: spec.k, level: spec.level };
  if (legs.length > 1) {
    const f = spec.fusion ?? fusionSpec.parse({});
    pipeline.fusion = {
      method: f.method,
      norm: f.norm,
      ...settleConstants(f, fail),
      weights: weightsInLegOrder(legs, f.weights, fail),
      depth: f.depth,
    };
  }
  if (spec.rerank) pipeline.rerank = settleRerank(spec.rerank, fail);
  if (spec.filter && Object.keys(spec.filter).length > 0) pipeline.filter = spec.filter;
  if (spec.qlang) pipeline.qlang = spec.qlang.toLowerCase();
  return pipeline;
}

function weightsInLegOrder(
  legs: readonly Leg[],
  given: number[] | Record<string, number> | undefined,
  fail: (field: string, message: string) => never,
): number[] {
  let weights: number[];
  if (given === undefined) weights = legs.map(() => 1);
  else if (Array.isArray(given)) {
    if (given.length !== legs.length)
      fail('fusion.weights', `${given.length} weights for ${legs.length} legs; give one per leg, in leg order`);
    weights = given;
  } else {
    const names = new Set(legs.map((l) => l.name));
    for (const name of Object.keys(given))
      if (!names.has(name))
        fail(`fusion.weights.${name}`, `no leg is named "${name}" (legs: ${[...names].join(', ')})`);
    weights = legs.map((l) => given[l.name] ?? 1);
  }
  if (weights.every((w) => w === 0)) fail('fusion.weights', 'every weight is 0; at least one leg must count');
  return weights;
}

/**
 * A zod (v4) failure as the one InputError the edges translate: the first issue, its field named.
 * `raw`, the value that was parsed, lets an unknown leg type be named (unknown-leg-type.ts).
 */
export function zodInputError(error: z.ZodError, where: Location = {}, raw?: unknown): InputError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  const prefix = where.field ? [where.field] : [];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    const field = [...prefix, ...path, keys[0]!].join('.');
    return new InputError(`unknown parameter${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`, {
      ...where,
      field,
    });
  }
  const field = [...prefix, ...path].join('.') || undefined;
  return new InputError(unknownLegTypeMessage(issue, raw) ?? issue.message, { ...where, ...(field && { field }) });
}

export type { PipelineInput, Rerank };
