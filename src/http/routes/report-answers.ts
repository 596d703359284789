import { z } from 'zod/v4';
import { SELECT_RULES, type SelectRule } from '../../fusion/tune/select-setting.js';
import { PAIRWISE_TEST_NAMES } from '../../stats/all-pairs.js';
import { answerComponent, namedField } from '../openapi/components.js';
import { IndexFingerprint } from './index-answers.js';

/*
 * An experiment report, field by field as src/reports/report-model.ts types it, and the jobs that
 * make one (routes/experiments.ts, the downloads): so a client generated from /openapi.json gets
 * `report.configs[0].means` as numbers and not `unknown`. Required is what the TypeScript type
 * requires; the optional fields are the ones a report has only for some configurations (tuned,
 * reranked, remote legs) or that reports saved by older versions lack.
 * test/http/openapi-report-schema.test.ts validates a report of a real experiment against them.
 */
const int = z.number().int();
const num = z.number();
const str = z.string();
const strings = z.array(z.string());
const level = z.enum(['doc', 'chunk']);
const dateTime = z.string().meta({ format: 'date-time' });
/** metric label (ndcg@10, mrr@10, recall@5, ...) -> value. */
const byMetric = z.record(z.string(), num).describe('metric label -> mean');
const sliceRows = z
  .array(z.object({ label: str, n: int, means: byMetric }))
  .describe("per slice ('all' first): its label, query count and means");
const pairTest = z.enum(PAIRWISE_TEST_NAMES);
const correction = z.enum(['holm', 'bonferroni', 'none']);
const select = z.enum(SELECT_RULES as [SelectRule, ...SelectRule[]]);

export const Estimate = answerComponent(
  'Estimate',
  z.object({ mean: num, low: num, high: num }).describe('a point estimate and its 95% bounds'),
);
export const CheckResult = answerComponent(
  'CheckResult',
  z.object({ description: str, passed: z.boolean(), detail: str }),
);

export const RetrieverConfig = answerComponent(
  'RetrieverConfig',
  z
    .looseObject({
      name: str,
      mode: str.optional().describe('a shorthand (bm25, dense, hybrid)'),
      legs: z.array(z.looseObject({})).optional().describe('a pipeline: its legs as written'),
    })
    .describe(
      'one retriever of the grid as the YAML wrote it: a name, then a shorthand and its parameters, or legs (src/reports/experiment-config.ts)',
    ),
);

export const ExperimentConfig = answerComponent(
  'ExperimentConfig',
  z
    .object({
      name: str,
      description: str.optional(),
      corpus: str,
      queries: str.optional(),
      qrels: str.optional(),
      level,
      ks: z.array(int),
      context_k: int,
      rerank_depth: int,
      metrics: strings,
      slices: strings,
      relevance_threshold: int,
      baseline: str.optional(),
      seed: int,
      significance: z.object({ test: pairTest, correction, alpha: num }),
      grid: z.object({
        chunkers: strings,
        embedders: strings,
        tokenizers: strings,
        retrievers: z.array(RetrieverConfig),
      }),
      checks: z.array(
        z.union([
          z.object({ metric: str, min: num, slice: str.optional(), config: str.optional() }),
          z.object({ baseline_file: str, max_drop: num, metrics: strings.optional() }),
        ]),
      ),
      tune: z.array(
        z.object({
          name: str,
          legs: strings,
          folds: int,
          metric: str.optional(),
          methods: strings.optional(),
          select: select.optional(),
        }),
      ),
      output: str.optional(),
      pool_depth: int.optional(),
    })
    .describe('ExperimentConfig (src/reports/experiment-config.ts): the YAML as parsed, defaults filled in'),
);

export const Failure = answerComponent(
  'Failure',
  z
    .object({
      queryId: str,
      query: str,
      tags: z.record(z.string(), str),
      gold: z.array(z.object({ id: str, grade: int })),
      firstRelevantRank: int.nullable().describe('1-based, in the deep list; null: not retrieved'),
      bucket: z.enum(['rerank-window', 'deep', 'not-retrieved']),
      foundBy: z.enum(['lexical only', 'dense only', 'both', 'neither', 'n/a']),
      cause: z.enum(['chunk-boundary', 'exact-token', 'vocabulary-mismatch', 'ranked-too-low']),
      answersAcrossChunks: strings,
    })
    .describe('Failure (src/reports/report-model.ts): a query missed within context_k, and why'),
);

export const SignificanceResult = answerComponent(
  'SignificanceResult',
  z
    .object({
      meanDiff: num.describe('mean(configuration) - mean(baseline), paired by query'),
      ci: z.array(num).min(2).max(2).describe('95% bootstrap interval'),
      p: num.optional(),
      adjustedP: num.optional(),
      significant: z.boolean(),
    })
    .describe('SignificanceResult (src/reports/report-model.ts): a configuration against the baseline'),
);

export const PairComparison = answerComponent(
  'PairComparison',
  z
    .object({ a: str, b: str, meanDiff: num, p: num, adjustedP: num, significant: z.boolean() })
    .describe('PairComparison (src/stats/all-pairs.ts): mean(a) - mean(b), its p and adjusted p'),
);

export const AllPairsTests = answerComponent(
  'AllPairsTests',
  z
    .object({
      test: pairTest,
      correction,
      alpha: num,
      trials: int,
      seed: int,
      queries: int,
      configs: strings,
      pairs: z
        .record(z.string(), z.array(PairComparison))
        .describe('metric label -> its pairs: (1st, 2nd), (1st, 3rd), ..., (2nd, 3rd), ...'),
    })
    .describe('AllPairsTests (src/reports/report-model.ts): every pair of configurations on each metric'),
);

export const Tuning = answerComponent(
  'Tuning',
  z
    .object({
      legs: strings,
      metric: str,
      folds: int,
      seed: int,
      settingsSearched: int,
      heldOut: Estimate,
      perFold: z.array(z.object({ queries: int, setting: str, trainMean: num, heldOutMean: num })),
      select: select.optional(),
      bestLeg: z.object({ name: str, mean: num, diff: Estimate, p: num }),
      verdict: str,
      deploy: z.object({ setting: str, fuseFlags: str.optional() }),
      untunedRrf: z.object({ mean: num, diff: Estimate }).optional(),
    })
    .describe('Tuning (src/reports/report-model.ts): how a tuned configuration was chosen, fold by fold'),
);

export const ConfigResult = answerComponent(
  'ConfigResult',
  z
    .object({
      name: str,
      retriever: RetrieverConfig,
      kind: str.optional().describe('a leg type (src/legs/registry.ts), or fused'),
      pipeline: namedField('Pipeline').optional().describe('the pipeline that ran, every default filled in'),
      index: z.object({
        chunker: str,
        embedder: str,
        tokenizer: str,
        embedderId: str.nullable(),
        sizeBytes: int,
        buildSeconds: num,
        reused: z.boolean(),
        chunks: int,
        truncatedChunks: int.optional(),
        fingerprint: IndexFingerprint.optional(),
        cacheFile: str
          .optional()
          .describe("the measured index in the experiment's index cache, relative to the cache dir"),
      }),
      latency: z.object({ p50: num, p95: num }).describe('milliseconds per query'),
      means: byMetric.describe('metric label -> mean over the answerable queries'),
      perQuery: z.record(z.string(), byMetric).describe('query id -> metric label -> value'),
      slices: sliceRows,
      legs: z.array(
        z.object({
          label: str,
          zeroHit: num,
          carried: z.object({ bm25: num, dense: num, both: num }).optional(),
        }),
      ),
      significance: z
        .record(z.string(), SignificanceResult)
        .optional()
        .describe('metric label -> against the baseline (absent for the baseline itself)'),
      bestSingle: z.object({ name: str, means: byMetric }).optional(),
      failures: z.array(Failure),
      failedQueries: z
        .object({
          count: int,
          scored: int,
          first: z.array(z.object({ queryId: str, by: str, status: int.optional(), message: str })),
        })
        .optional(),
      endpoints: z.array(z.object({ leg: str, endpoint: str })).optional(),
      resumed: z.boolean(),
      tuning: Tuning.optional(),
      annRecall: z
        .object({
          leg: str,
          engine: str,
          endpoint: str,
          queries: int,
          level,
          values: z.record(z.string(), num),
        })
        .optional(),
      firstStage: z.object({ reranker: str, depth: int, means: byMetric, slices: sliceRows }).optional(),
      judged: z.object({ k: int, mean: num }).optional(),
      real: z.object({ n: int, means: byMetric }).optional(),
      sources: z
        .object({
          k: int,
          queries: int,
          shares: z
            .record(z.string(), num)
            .describe(
              "source (published, human, tickets, llm, clicks, unknown) -> share of a query's top k judged from it, averaged over the queries",
            ),
          unjudged: num,
        })
        .optional(),
    })
    .describe('ConfigResult (src/reports/report-model.ts): one configuration of the grid, scored'),
);

export const ExperimentReport = answerComponent(
  'ExperimentReport',
  z
    .object({
      name: str,
      description: str.optional(),
      createdAt: dateTime,
      testbedVersion: str,
      config: ExperimentConfig,
      level,
      queries: z.object({ total: int, answerable: int, unanswerable: strings }),
      metrics: strings.describe('metric labels in table order; the first is the primary metric'),
      curveKs: z.array(int),
      contextK: int,
      rerankDepth: int,
      retrievalDepth: int.optional(),
      baseline: str,
      sliceFields: strings,
      configs: z.array(ConfigResult),
      allPairs: AllPairsTests.optional(),
      sourceGap: z
        .array(
          z.object({
            config: str,
            metric: str,
            real: z.object({ mean: num, n: int }),
            synthetic: z.object({ mean: num, n: int }),
            gap: num,
          }),
        )
        .optional(),
      overlapBySource: z
        .object({
          tokenizer: str,
          sources: z.array(z.object({ source: str, queries: int, meanOverlap: num, withoutTerms: int })),
          styles: z
            .array(z.object({ source: str, style: str, queries: int, meanOverlap: num, withoutTerms: int }))
            .optional(),
        })
        .optional(),
      untaggedSources: z.object({ count: int, first: strings }).optional(),
      clickLog: z
        .object({
          pairs: int,
          servedBy: z.array(z.object({ pipeline: str, share: num })),
          favoured: strings.describe('configurations running the pipeline that served the click log'),
        })
        .optional(),
      checks: z.array(CheckResult),
      wallSeconds: num,
      queryDetails: z
        .record(z.string(), z.object({ text: str, slices: z.record(z.string(), strings) }))
        .optional()
        .describe('per answerable query id: its text and, per slice field, the slice values it is in'),
    })
    .describe('ExperimentReport (src/reports/report-model.ts)'),
);

export const ExperimentJob = answerComponent(
  'ExperimentJob',
  z
    .object({
      id: str,
      name: str,
      state: z
        .enum(['queued', 'running', 'done', 'failed', 'interrupted', 'cancelled'])
        .describe(
          'queued: waiting for other jobs (testbed serve --max-jobs); cancelled: by DELETE /experiments/{id}; interrupted: the server stopped first',
        ),
      startedAt: str,
      finishedAt: str.optional(),
      interruptedAt: str.optional().describe('interrupted jobs: when their server was last seen working on them'),
      progress: z.object({
        phase: z.enum(['indexing', 'retrieving', 'scoring', 'done']),
        cell: str.optional(),
        done: int,
        total: int,
      }),
      output: str,
      error: str.optional(),
      report: ExperimentReport.optional(),
    })
    .describe('ExperimentJob (src/experiments/experiment-jobs.ts)'),
);

export const SavedReport = answerComponent(
  'SavedReport',
  z
    .object({
      name: str.describe('its folder under the results folder: the id of /experiments/{id}/download/...'),
      createdAt: dateTime,
      configurations: int.describe('configurations the report compares'),
      queries: int.describe('queries with judgements, those scored'),
    })
    .describe(
      'a report saved under the results folder, as the experiments page lists it (src/web/experiments/report-source.ts)',
    ),
);
