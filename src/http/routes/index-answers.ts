import { z } from 'zod/v4';
import { TOKENIZER_TABLE } from '../../store/tokenizer-table.js';
import { answerComponent } from '../openapi/components.js';
import type { IndexFingerprint as IndexFingerprintType } from '../../store/index-fingerprint.js';
import type { IndexMeta as IndexMetaType } from '../../store/index-meta.js';
import type { TokenizerName } from '../../store/tokenizers.js';
import type { BuildProgress as BuildProgressType } from '../../indexing/progress.js';
import type { BuildJob as BuildJobType } from '../../serving/builds/build-jobs.js';

/*
 * What the index routes answer (routes/indexes.ts): an index's IndexMeta (stored in the index,
 * src/store/index-meta.ts), its fingerprint, and its build job with the build's progress, field
 * by field, so a client generated from /openapi.json reads `meta.counts.chunks` as a number.
 */
const int = z.number().int();
/** The tokenizers an index can be built with (store/tokenizer-table.ts). */
const tokenizerName = z.enum(TOKENIZER_TABLE.map((t) => t.name) as [TokenizerName, ...TokenizerName[]]);

export const IndexFingerprint: z.ZodType<IndexFingerprintType> = answerComponent(
  'IndexFingerprint',
  z
    .object({
      hash: z.string(),
      contentHash: z.string(),
      chunker: z.string(),
      tokenizer: z.string(),
      embedder: z.string().nullable(),
      schemaVersion: int,
    })
    .describe(
      'IndexFingerprint (src/store/index-fingerprint.ts): what decides an index contents; equal fingerprints rank alike',
    ),
);

export const IndexMeta: z.ZodType<IndexMetaType> = answerComponent(
  'IndexMeta',
  z
    .object({
      schemaVersion: int,
      corpus: z.object({
        path: z.string().describe('relative to the corpora root'),
        kind: z.string(),
        contentHash: z.string(),
      }),
      chunker: z.string(),
      tokenizer: tokenizerName,
      tokenizerChoice: z
        .object({ requested: z.union([tokenizerName, z.literal('auto')]), reason: z.string() })
        .optional(),
      embedder: z
        .object({ id: z.string(), dims: int, maxTokens: int })
        .nullable()
        .describe('null when built lexical-only (--embedder none)'),
      vectorsPending: z
        .object({ embedder: z.string() })
        .optional()
        .describe(
          'written lexical-first (serve --ensure): no vectors yet; a build with this embedder replaces it (dense and hybrid answer 503 meanwhile)',
        ),
      fts5: z
        .literal(false)
        .optional()
        .describe(
          'built without the FTS5 table (testbed index --no-fts5): engine fts5 answers 400; absent: it has one',
        ),
      counts: z.object({
        documents: int,
        chunks: int,
        vectors: int,
        truncatedChunks: int,
        maxChunksPerDoc: int,
        skippedEmpty: int,
      }),
      languages: z.record(z.string(), int).describe('documents per language (of languageSample.sampled when set)'),
      languageSample: z
        .object({ sampled: int, documents: int, rule: z.string() })
        .optional()
        .describe(
          'set when the build detected a sample of the languages only (the tokenizer does not need them): lang= filters are refused',
        ),
      build: z.object({
        startedAt: z.string(),
        seconds: z.number(),
        embedSeconds: z.number(),
        embeddings: z
          .object({
            fromCache: int,
            embedded: int,
            shipped: z
              .string()
              .optional()
              .describe('the header of the quantised vectors shipped with the corpus, when every vector came from it'),
          })
          .optional(),
        testbedVersion: z.string(),
        threads: int.optional().describe('analysis threads'),
        documentsPerSecond: z.number().optional().describe('over the lexical build, embedding excluded'),
        stages: z
          .object({
            reading: z.number(),
            detection: z.number(),
            analysis: z.number(),
            postings: z.number(),
            writes: z.number(),
          })
          .optional()
          .describe('busy seconds per stage, summed over threads'),
      }),
    })
    .describe('IndexMeta (src/store/index-meta.ts): how an index was built'),
);

export const BuildProgress: z.ZodType<BuildProgressType> = answerComponent(
  'BuildProgress',
  z
    .object({
      phase: z.enum(['reading', 'embedding', 'indexing', 'done']),
      done: int.describe('documents read (reading) or chunks embedded (embedding)'),
      total: int.optional().describe('known once reading is over'),
    })
    .describe('BuildProgress (src/indexing/progress.ts)'),
);

export const BuildJob: z.ZodType<BuildJobType> = answerComponent(
  'BuildJob',
  z
    .object({
      name: z.string(),
      state: z
        .enum(['queued', 'running', 'done', 'failed', 'interrupted'])
        .describe('queued: waiting for other jobs (testbed serve --max-jobs)'),
      startedAt: z.string(),
      finishedAt: z.string().optional(),
      interruptedAt: z
        .string()
        .optional()
        .describe('interrupted builds: when their server was last seen working on them'),
      request: z.object({ corpus: z.string(), chunker: z.string(), embedder: z.string(), tokenizer: z.string() }),
      progress: BuildProgress,
      notices: z.array(z.string()),
      error: z.string().optional(),
      meta: IndexMeta.optional(),
    })
    .describe('BuildJob (src/serving/builds/build-jobs.ts)'),
);

export const IndexInfo = answerComponent(
  'IndexInfo',
  z.object({
    name: z.string(),
    status: z
      .enum(['ready', 'unreadable', 'absent'])
      .describe(
        'the index file: served, present but unreadable (see error), or not there (a first build not finished)',
      ),
    error: z.string().optional().describe('unreadable only: why, in a few words'),
    meta: IndexMeta.nullable().describe(
      'IndexMeta (src/store/index-meta.ts): corpus, chunker, tokenizer, embedder, counts, build; paths relative to the corpora root',
    ),
    fingerprint: IndexFingerprint.optional().describe(
      "ready only: what decides the index contents, as a report's configs[].index.fingerprint",
    ),
    job: BuildJob.nullable(),
  }),
);
