import { qrelsPath } from '../reports/output-paths.js';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { parseYamlConfig } from '../schemas/yaml-config.js';
import type { Level } from '../schemas/names.js';
import { MAX_NAME_CHARS } from '../schemas/file-names.js';
import { EXPERIMENT_PARAMS } from '../pipeline/shorthand-rows.js';
import { DEFAULT_TOKENIZER } from '../store/tokenizers.js';
import { DEFAULT_CHUNKER } from '../indexing/choose-chunker.js';
import { checkEmbedderSpec } from '../embedders/registry.js';
import { fusionMethodNames } from '../fusion/method-registry.js';
import type { FusionMethodName } from '../fusion/method-table.js';
import { SELECT_RULES, type SelectRule } from '../fusion/tune/select-setting.js';
import type {
  CheckConfig,
  ExperimentConfig,
  RetrieverConfig,
  RetrieverFields,
  SignificanceConfig,
  TuneConfig,
} from '../reports/experiment-config.js';
import { PAIRWISE_TEST_NAMES } from '../stats/all-pairs.js';
import { type Correction, CORRECTION_NAMES } from '../stats/multiple-comparisons.js';
import { checkedPipeline } from './retriever-pipeline.js';
import { parseMetric } from '../metrics/index.js';

/**
 * A name that becomes a file or folder name (results/NAME, runs/NAME.trec): its characters, and
 * at most MAX_NAME_CHARS of them, checked when the file is read or the request is submitted, so
 * a long name is refused at its line instead of failing with ENAMETOOLONG after the work is done.
 */
const fileName = (pattern: RegExp, allowed: string) =>
  z
    .string()
    .regex(pattern, `use ${allowed}`)
    .max(MAX_NAME_CHARS, `at most ${MAX_NAME_CHARS} characters (it becomes a file name)`);

/**
 * One retriever of the grid; `name` labels it in every table. It is a pipeline, written either
 * as a shorthand (`mode:` and the flat search parameters) or as `legs:` with `fusion:` and
 * `filter:` (pipeline/pipeline-spec.ts), and read by the same parser as HTTP and the CLI, so every
 * name and range means what it means there. k, level and the query language are the
 * experiment's (depth, `level:`, each query's `language` tag), not the retriever's.
 */
const retrieverSchema = z
  .object({ name: fileName(/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/, 'letters, digits and . _ + -') })
  .catchall(z.unknown())
  .superRefine((r, ctx) => {
    const { name: _name, ...rest } = r;
    for (const own of EXPERIMENT_PARAMS) {
      if (own in rest)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [own],
          message: `${own} is the experiment's, not a retriever's (see level:, ks: and each query's language)`,
        });
    }
    if (!('mode' in rest) && !('legs' in rest))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [],
        message: 'a retriever needs mode (bm25, dense, hybrid) or legs (a pipeline)',
      });
  });

/**
 * Checks each retriever as the pipeline it is, at the experiment's level (a run-file leg needs
 * doc), and so settles it: the checks and the grid that follow take the settled pipeline
 * (retriever-pipeline.ts) rather than parse it again.
 */
function checkRetrievers(
  config: { level: Level; grid: { retrievers: RetrieverConfig[] } },
  ctx: z.RefinementCtx,
): void {
  config.grid.retrievers.forEach((r, i) => {
    if (!('mode' in r) && !('legs' in r)) return;
    try {
      checkedPipeline(r, config.level);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['grid', 'retrievers', i, ...(err.where.field ? err.where.field.split('.') : [])],
        message: err.detail,
      });
    }
  });
}

/** A string field checked by a function that throws an InputError: its message becomes the issue at the field's line. */
function checkedBy(check: (value: string) => unknown) {
  return (value: string, ctx: z.RefinementCtx): void => {
    try {
      check(value);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: err.detail });
    }
  };
}

/**
 * A metric name (`ndcg@10`, `bpref`), parsed when the file is read, so a misspelt one is an
 * error at its line rather than after every configuration has been retrieved.
 */
const metricName = z.string().superRefine(checkedBy(parseMetric));

/** A fusion method registered when the config is read (a lazy schema asks the registry on each parse). */
const fusionMethodName = z.lazy(() => z.enum(fusionMethodNames() as [FusionMethodName, ...FusionMethodName[]]));

/** Legs a tune block fuses at most, and configurations it chooses among at most (methods: []). */
const MAX_FUSED_LEGS = 8;
const MAX_CHOICES = 200;

/**
 * Fusion tuned honestly: the runs of the named configurations are fused with the setting chosen
 * by k-fold cross-validation over the judged queries (each query ranked with a setting chosen on
 * the other folds only), and the result is scored as one more configuration.
 */
const tuneSchema = z
  .object({
    name: fileName(/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/, 'letters, digits and . _ + -'),
    legs: z.array(z.string()).min(2).max(MAX_CHOICES),
    folds: z.number().int().min(2).max(100).default(5),
    metric: metricName.optional(),
    // []: no fusion, each fold takes the one configuration that scored best on the others (a
    // parameter sweep of one leg type, chosen honestly).
    methods: z.array(fusionMethodName).optional(),
    select: z.enum(SELECT_RULES as [SelectRule, ...SelectRule[]]).optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.legs.length > MAX_FUSED_LEGS && t.methods?.length !== 0)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['legs'],
        message: `at most ${MAX_FUSED_LEGS} legs are fused; to choose among ${t.legs.length} configurations without fusing them, give methods: []`,
      });
  });

const checkedEmbedder = checkedBy(checkEmbedderSpec);

/**
 * How every pair of configurations is tested on each metric: the paired randomization test with
 * Holm's correction at alpha 0.05 unless the config says otherwise. Tukey's HSD needs no
 * correction, so it defaults to none and refuses any other.
 */
const significanceSchema = z
  .object({
    test: z.enum(PAIRWISE_TEST_NAMES).default('randomization'),
    correction: z.enum(CORRECTION_NAMES as [Correction, ...Correction[]]).optional(),
    alpha: z
      .number()
      .refine(
        (a) => a > 0 && a < 1,
        (a) => ({ message: `alpha must lie between 0 and 1 (exclusive), got ${a}` }),
      )
      .default(0.05),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.test === 'tukey' && s.correction !== undefined && s.correction !== 'none')
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['correction'],
        message: `Tukey's HSD already holds the error rate over all pairs: no ${s.correction} correction on top (leave correction out)`,
      });
  })
  .transform(
    (s): SignificanceConfig => ({
      test: s.test,
      correction: s.correction ?? (s.test === 'tukey' ? 'none' : 'holm'),
      alpha: s.alpha,
    }),
  );

/** A CI assertion: an absolute threshold, or "no drop against a baseline file". */
const checkSchema = z.union([
  z
    .object({
      metric: metricName,
      min: z.number(),
      slice: z.string().optional(),
      config: z.string().optional(),
    })
    .strict(),
  z
    .object({
      baseline_file: z.string(),
      max_drop: z.number().min(0),
      metrics: z.array(metricName).optional(),
    })
    .strict(),
]);

export const experimentSchema = z
  .object({
    name: fileName(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits and . _ -'),
    description: z.string().optional(),
    corpus: z.string(),
    queries: z.string().optional(),
    qrels: z.string().optional(),
    level: z.enum(['doc', 'chunk']).default('doc'),
    ks: z.array(z.number().int().min(1).max(1000)).min(1).default([1, 3, 5, 10, 20, 100]),
    context_k: z.number().int().min(1).max(1000).default(5),
    rerank_depth: z.number().int().min(1).max(1000).default(50),
    metrics: z.array(metricName).default(['ndcg@10', 'mrr@10', 'map@100', 'precision@5']),
    slices: z.array(z.string()).default([]),
    relevance_threshold: z.number().int().default(1),
    baseline: z.string().optional(),
    seed: z.number().int().default(42),
    significance: significanceSchema.default({}),
    grid: z
      .object({
        chunkers: z.array(z.string()).min(1).default([DEFAULT_CHUNKER]),
        // Checked here, not when the grid reaches it, so a malformed spec is an error at its line.
        embedders: z.array(z.string().superRefine(checkedEmbedder)).min(1).default(['auto']),
        tokenizers: z.array(z.string()).min(1).default([DEFAULT_TOKENIZER]),
        retrievers: z.array(retrieverSchema).min(1),
      })
      .strict(),
    checks: z.array(checkSchema).default([]),
    tune: z.array(tuneSchema).default([]),
    output: z.string().optional(),
    pool_depth: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine(checkRetrievers);

export type {
  CheckConfig,
  ExperimentConfig,
  RetrieverConfig,
  RetrieverFields,
  TuneConfig,
} from '../reports/experiment-config.js';

/** A compile-time check: T must be `true`. */
type Expect<T extends true> = T;
/** Every key of every member of a union. */
type Keys<T> = T extends unknown ? keyof T : never;
/** A and B are assignable to each other and name the same keys (so an optional field on one side only is caught too). */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [Keys<A>] extends [Keys<B>]
      ? [Keys<B>] extends [Keys<A>]
        ? true
        : false
      : false
    : false
  : false;
type Parsed = z.infer<typeof experimentSchema>;
/** The schema produces the plain types of reports/experiment-config.ts: changing one without the other fails to compile. */
export type SchemaMatchesTypes = [
  Expect<Same<Parsed, ExperimentConfig>>,
  Expect<Same<Parsed['grid'], ExperimentConfig['grid']>>,
  Expect<Same<z.infer<typeof retrieverSchema> & RetrieverFields, RetrieverConfig>>,
  Expect<Same<z.infer<typeof checkSchema>, CheckConfig>>,
  Expect<Same<z.infer<typeof tuneSchema>, TuneConfig>>,
];

/**
 * Reads and validates an experiment YAML file. Errors name the file, the line and the key
 * (`experiments/x.yaml:12 (field "grid.retrievers.1.mode")`), so a typo is found at once.
 * Relative paths in the config resolve against the current directory, as on the command line.
 */
export function loadExperimentConfig(file: string): ExperimentConfig {
  if (!fs.existsSync(file)) throw new InputError(`experiment config not found: ${file}`);
  const source = fs.readFileSync(file, 'utf8');
  return parseExperimentConfig(source, file);
}

export function parseExperimentConfig(source: string, file = '<config>'): ExperimentConfig {
  return parseYamlConfig(source, file, experimentSchema, {
    what: 'an experiment config',
    topKeys: Object.keys(experimentSchema.innerType().shape),
  });
}

/** Default gold-set paths for a BEIR corpus folder. */
export function goldPaths(config: ExperimentConfig): { queries: string; qrels: string } {
  return {
    queries: config.queries ?? path.join(config.corpus, 'queries.jsonl'),
    qrels: qrelsPath(config),
  };
}
