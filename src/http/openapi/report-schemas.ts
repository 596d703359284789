import { PAIRWISE_TEST_NAMES } from '../../stats/all-pairs.js';
import { SELECT_RULES } from '../../fusion/tune/select-setting.js';
import { bool, int, num, obj, str } from './schema-parts.js';

/**
 * JSON Schemas (2020-12) of an experiment report, field by field as src/reports/report-model.ts
 * types it, so a client generated from /openapi.json gets `report.configs[0].means` as numbers
 * and not `unknown`. Required is what the TypeScript type requires; the optional fields are the
 * ones a report has only for some configurations (tuned, reranked, remote legs) or that reports
 * saved by older versions lack. test/http/openapi-report-schema.test.ts validates a report of a
 * real experiment against them.
 */
const strings = { type: 'array', items: str };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** metric label (ndcg@10, mrr@10, recall@5, ...) -> value. */
const byMetric = { type: 'object', additionalProperties: num, description: 'metric label -> mean' };
const sliceRows = {
  type: 'array',
  description: "per slice ('all' first): its label, query count and means",
  items: obj({ label: str, n: int, means: byMetric }),
};
const pairTest = { type: 'string', enum: [...PAIRWISE_TEST_NAMES] };
const correction = { type: 'string', enum: ['holm', 'bonferroni', 'none'] };

export const reportSchemas: Record<string, unknown> = {
  Estimate: { ...obj({ mean: num, low: num, high: num }), description: 'a point estimate and its 95% bounds' },
  CheckResult: obj({ description: str, passed: bool, detail: str }),
  IndexFingerprint: {
    ...obj({
      hash: str,
      contentHash: str,
      chunker: str,
      tokenizer: str,
      embedder: { type: ['string', 'null'] },
      schemaVersion: int,
    }),
    description:
      'IndexFingerprint (src/store/index-fingerprint.ts): what decides an index contents; equal fingerprints rank alike',
  },
  ExperimentConfig: {
    ...obj(
      {
        name: str,
        description: str,
        corpus: str,
        queries: str,
        qrels: str,
        level: { type: 'string', enum: ['doc', 'chunk'] },
        ks: { type: 'array', items: int },
        context_k: int,
        rerank_depth: int,
        metrics: strings,
        slices: strings,
        relevance_threshold: int,
        baseline: str,
        seed: int,
        significance: obj({ test: pairTest, correction, alpha: num }),
        grid: obj({
          chunkers: strings,
          embedders: strings,
          tokenizers: strings,
          retrievers: { type: 'array', items: ref('RetrieverConfig') },
        }),
        checks: {
          type: 'array',
          items: {
            oneOf: [
              obj({ metric: str, min: num, slice: str, config: str }, ['metric', 'min']),
              obj({ baseline_file: str, max_drop: num, metrics: strings }, ['baseline_file', 'max_drop']),
            ],
          },
        },
        tune: {
          type: 'array',
          items: obj(
            {
              name: str,
              legs: strings,
              folds: int,
              metric: str,
              methods: strings,
              select: { type: 'string', enum: [...SELECT_RULES] },
            },
            ['name', 'legs', 'folds'],
          ),
        },
        output: str,
        pool_depth: int,
      },
      [
        'name',
        'corpus',
        'level',
        'ks',
        'context_k',
        'rerank_depth',
        'metrics',
        'slices',
        'relevance_threshold',
        'seed',
        'significance',
        'grid',
        'checks',
        'tune',
      ],
    ),
    description: 'ExperimentConfig (src/reports/experiment-config.ts): the YAML as parsed, defaults filled in',
  },
  RetrieverConfig: {
    type: 'object',
    required: ['name'],
    additionalProperties: true,
    properties: {
      name: str,
      mode: { ...str, description: 'a shorthand (bm25, dense, hybrid)' },
      legs: { type: 'array', items: { type: 'object' }, description: 'a pipeline: its legs as written' },
    },
    description:
      'one retriever of the grid as the YAML wrote it: a name, then a shorthand and its parameters, or legs (src/reports/experiment-config.ts)',
  },
  Failure: {
    ...obj({
      queryId: str,
      query: str,
      tags: { type: 'object', additionalProperties: str },
      gold: { type: 'array', items: obj({ id: str, grade: int }) },
      firstRelevantRank: { type: ['integer', 'null'], description: '1-based, in the deep list; null: not retrieved' },
      bucket: { type: 'string', enum: ['rerank-window', 'deep', 'not-retrieved'] },
      foundBy: { type: 'string', enum: ['lexical only', 'dense only', 'both', 'neither', 'n/a'] },
      cause: { type: 'string', enum: ['chunk-boundary', 'exact-token', 'vocabulary-mismatch', 'ranked-too-low'] },
      answersAcrossChunks: strings,
    }),
    description: 'Failure (src/reports/report-model.ts): a query missed within context_k, and why',
  },
  SignificanceResult: {
    ...obj(
      {
        meanDiff: { ...num, description: 'mean(configuration) - mean(baseline), paired by query' },
        ci: { type: 'array', items: num, minItems: 2, maxItems: 2, description: '95% bootstrap interval' },
        p: num,
        adjustedP: num,
        significant: bool,
      },
      ['meanDiff', 'ci', 'significant'],
    ),
    description: 'SignificanceResult (src/reports/report-model.ts): a configuration against the baseline',
  },
  PairComparison: {
    ...obj({ a: str, b: str, meanDiff: num, p: num, adjustedP: num, significant: bool }),
    description: 'PairComparison (src/stats/all-pairs.ts): mean(a) - mean(b), its p and adjusted p',
  },
  AllPairsTests: {
    ...obj({
      test: pairTest,
      correction,
      alpha: num,
      trials: int,
      seed: int,
      queries: int,
      configs: strings,
      pairs: {
        type: 'object',
        additionalProperties: { type: 'array', items: ref('PairComparison') },
        description: 'metric label -> its pairs: (1st, 2nd), (1st, 3rd), ..., (2nd, 3rd), ...',
      },
    }),
    description: 'AllPairsTests (src/reports/report-model.ts): every pair of configurations on each metric',
  },
  Tuning: {
    ...obj(
      {
        legs: strings,
        metric: str,
        folds: int,
        seed: int,
        settingsSearched: int,
        heldOut: ref('Estimate'),
        perFold: { type: 'array', items: obj({ queries: int, setting: str, trainMean: num, heldOutMean: num }) },
        select: { type: 'string', enum: [...SELECT_RULES] },
        bestLeg: obj({ name: str, mean: num, diff: ref('Estimate'), p: num }),
        verdict: str,
        deploy: obj({ setting: str, fuseFlags: str }, ['setting']),
        untunedRrf: obj({ mean: num, diff: ref('Estimate') }),
      },
      ['legs', 'metric', 'folds', 'seed', 'settingsSearched', 'heldOut', 'perFold', 'bestLeg', 'verdict', 'deploy'],
    ),
    description: 'Tuning (src/reports/report-model.ts): how a tuned configuration was chosen, fold by fold',
  },
  ConfigResult: {
    ...obj(
      {
        name: str,
        retriever: ref('RetrieverConfig'),
        kind: { ...str, description: 'a leg type (src/legs/registry.ts), or fused' },
        pipeline: { ...ref('Pipeline'), description: 'the pipeline that ran, every default filled in' },
        index: obj(
          {
            chunker: str,
            embedder: str,
            tokenizer: str,
            embedderId: { type: ['string', 'null'] },
            sizeBytes: int,
            buildSeconds: num,
            reused: bool,
            chunks: int,
            truncatedChunks: int,
            fingerprint: ref('IndexFingerprint'),
            cacheFile: {
              ...str,
              description: "the measured index in the experiment's index cache, relative to the cache dir",
            },
          },
          ['chunker', 'embedder', 'tokenizer', 'embedderId', 'sizeBytes', 'buildSeconds', 'reused', 'chunks'],
        ),
        latency: { ...obj({ p50: num, p95: num }), description: 'milliseconds per query' },
        means: { ...byMetric, description: 'metric label -> mean over the answerable queries' },
        perQuery: { type: 'object', additionalProperties: byMetric, description: 'query id -> metric label -> value' },
        slices: sliceRows,
        legs: {
          type: 'array',
          items: obj({ label: str, zeroHit: num, carried: obj({ bm25: num, dense: num, both: num }) }, [
            'label',
            'zeroHit',
          ]),
        },
        significance: {
          type: 'object',
          additionalProperties: ref('SignificanceResult'),
          description: 'metric label -> against the baseline (absent for the baseline itself)',
        },
        bestSingle: obj({ name: str, means: byMetric }),
        failures: { type: 'array', items: ref('Failure') },
        failedQueries: obj({
          count: int,
          scored: int,
          first: {
            type: 'array',
            items: obj({ queryId: str, by: str, status: int, message: str }, ['queryId', 'by', 'message']),
          },
        }),
        endpoints: { type: 'array', items: obj({ leg: str, endpoint: str }) },
        resumed: bool,
        tuning: ref('Tuning'),
        annRecall: obj({
          leg: str,
          engine: str,
          endpoint: str,
          queries: int,
          level: { type: 'string', enum: ['doc', 'chunk'] },
          values: { type: 'object', additionalProperties: num },
        }),
        firstStage: obj({ reranker: str, depth: int, means: byMetric, slices: sliceRows }),
        judged: obj({ k: int, mean: num }),
        real: obj({ n: int, means: byMetric }),
        sources: obj({
          k: int,
          queries: int,
          shares: {
            type: 'object',
            additionalProperties: num,
            description:
              "source (published, human, tickets, llm, clicks, unknown) -> share of a query's top k judged from it, averaged over the queries",
          },
          unjudged: num,
        }),
      },
      ['name', 'retriever', 'index', 'latency', 'means', 'perQuery', 'slices', 'legs', 'failures', 'resumed'],
    ),
    description: 'ConfigResult (src/reports/report-model.ts): one configuration of the grid, scored',
  },
  ExperimentReport: {
    ...obj(
      {
        name: str,
        description: str,
        createdAt: { type: 'string', format: 'date-time' },
        testbedVersion: str,
        config: ref('ExperimentConfig'),
        level: { type: 'string', enum: ['doc', 'chunk'] },
        queries: obj({ total: int, answerable: int, unanswerable: strings }),
        metrics: { ...strings, description: 'metric labels in table order; the first is the primary metric' },
        curveKs: { type: 'array', items: int },
        contextK: int,
        rerankDepth: int,
        retrievalDepth: int,
        baseline: str,
        sliceFields: strings,
        configs: { type: 'array', items: ref('ConfigResult') },
        allPairs: ref('AllPairsTests'),
        sourceGap: {
          type: 'array',
          items: obj({
            config: str,
            metric: str,
            real: obj({ mean: num, n: int }),
            synthetic: obj({ mean: num, n: int }),
            gap: num,
          }),
        },
        overlapBySource: obj(
          {
            tokenizer: str,
            sources: {
              type: 'array',
              items: obj({ source: str, queries: int, meanOverlap: num, withoutTerms: int }),
            },
            styles: {
              type: 'array',
              items: obj({ source: str, style: str, queries: int, meanOverlap: num, withoutTerms: int }),
            },
          },
          ['tokenizer', 'sources'],
        ),
        untaggedSources: obj({ count: int, first: strings }),
        clickLog: obj({
          pairs: int,
          servedBy: { type: 'array', items: obj({ pipeline: str, share: num }) },
          favoured: { ...strings, description: 'configurations running the pipeline that served the click log' },
        }),
        checks: { type: 'array', items: ref('CheckResult') },
        wallSeconds: num,
        queryDetails: {
          type: 'object',
          additionalProperties: obj({ text: str, slices: { type: 'object', additionalProperties: strings } }, [
            'text',
            'slices',
          ]),
          description: 'per answerable query id: its text and, per slice field, the slice values it is in',
        },
      },
      [
        'name',
        'createdAt',
        'testbedVersion',
        'config',
        'level',
        'queries',
        'metrics',
        'curveKs',
        'contextK',
        'rerankDepth',
        'baseline',
        'sliceFields',
        'configs',
        'checks',
        'wallSeconds',
      ],
    ),
    description: 'ExperimentReport (src/reports/report-model.ts)',
  },
};
