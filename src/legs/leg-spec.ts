import { z } from 'zod/v4';
import { DEFAULT_ENGINE } from '../schemas/defaults.js';
import { ENGINES, type Engine } from '../schemas/names.js';
import {
  elasticsearchFields,
  ENGINE_LEG_DESCRIPTIONS,
  opensearchFields,
  qdrantFields,
} from './engine/engine-leg-specs.js';
import { httpLegFields } from './http/http-leg-spec.js';

/**
 * The legs of a pipeline, one schema per leg type, and their union: pipeline/pipeline-spec.ts
 * puts the union in the pipeline, and the legs' own code (this folder) reads the types.
 */

export const LEG_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;
const legName = z
  .string()
  .regex(LEG_NAME, 'a leg name is 1-40 letters, digits and . _ + - (it keys `sources` and the timings)')
  .describe('how the leg is named in `sources`, timings and weights; default: its engine (lexical), "dense" or "run"');
const lexicalLeg = z
  .object({
    type: z.literal('lexical'),
    name: legName.optional(),
    engine: z
      .enum(ENGINES)
      .default(DEFAULT_ENGINE)
      .describe(
        "wink (k1, b settable; Anserini's 0.9 and 0.4 by default) or fts5 (SQLite's bm25(), k1 1.2 and b 0.75 fixed)",
      ),
    k1: z.number().min(0).max(10).optional().describe('wink only: term-frequency saturation (default 0.9)'),
    b: z.number().min(0).max(1).optional().describe('wink only: length normalisation (default 0.4)'),
  })
  .strict()
  .describe("BM25 over the index's analysed terms");

const denseLeg = z
  .object({ type: z.literal('dense'), name: legName.optional() })
  .strict()
  .describe("exact cosine scan over the index's vectors, the query embedded by the index's own embedder");

const runLeg = z
  .object({
    type: z.literal('run'),
    name: legName.optional(),
    file: z
      .string()
      .min(1)
      .describe('a TREC run file (qid Q0 docid rank score tag), e.g. a Pyserini or production run'),
  })
  .strict()
  .describe(
    "a TREC run file as a leg: each query's ranking is read by its query id (query sets only: retrieve, experiments); document level only",
  );

// Search engines the user runs (engine-leg-specs.ts has their fields).
const opensearchLeg = z
  .object({ type: z.literal('opensearch'), name: legName.optional(), ...opensearchFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.opensearch);
const elasticsearchLeg = z
  .object({ type: z.literal('elasticsearch'), name: legName.optional(), ...elasticsearchFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.elasticsearch);
const qdrantLeg = z
  .object({ type: z.literal('qdrant'), name: legName.optional(), ...qdrantFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.qdrant);

const httpLeg = z
  .object({ type: z.literal('http'), name: legName.optional(), ...httpLegFields })
  .strict()
  .describe(
    'any search API over HTTP (src/legs/http/http-leg-spec.ts): a URL and body template, where the hits are and which fields hold the id and score',
  );

export const legSpec = z.discriminatedUnion('type', [
  lexicalLeg,
  denseLeg,
  runLeg,
  httpLeg,
  opensearchLeg,
  elasticsearchLeg,
  qdrantLeg,
]);

export type LegSpec = z.infer<typeof legSpec>;
/** A leg with its name settled (given, or its default). */
export type Leg = LegSpec & { name: string };
export type LexicalLeg = Extract<Leg, { type: 'lexical' }> & { engine: Engine };
export type HttpLeg = Extract<Leg, { type: 'http' }>;
