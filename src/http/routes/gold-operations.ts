import { z } from 'zod/v4';
import { answerSchema, refTo, requestComponent } from '../openapi/components.js';
import {
  error,
  json,
  jsonBody,
  type Operation,
  rankingReadErrors,
  ref,
  tokenErrors,
  tokenNeeded,
} from '../openapi/operation-parts.js';
import { queryParameters } from '../openapi/query-parameters.js';
import { Addition, QueryRecord } from './gold-answers.js';

const qrels = z.string().min(1).describe('a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root');

/*
 * The gold module checks grades, notes, judges and sources itself, so HTTP and the CLI refuse the
 * same things with the same messages; the bounds it enforces are stated here (meta) for the
 * document, beside the fields they bound.
 */

/** POST /gold's body: one judgement. */
export const addSchema = requestComponent(
  'NewJudgement',
  z
    .object({
      qrels,
      query_id: z.string(),
      doc_id: z.string(),
      grade: z.number().int().optional().meta({ minimum: 0, maximum: 10, default: 1 }),
      note: z.string().optional().meta({ maxLength: 2000 }),
      judge: z.string().optional().meta({ maxLength: 100, description: 'who judged: a person or a model' }),
      source: z.string().optional().meta({
        pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$',
        description: 'what kind of judgement: human, expert, llm, tickets, clicks or another short word',
      }),
    })
    .strict(),
);

/** GET /gold's query string. */
export const listSchema = z.object({ qrels, query_id: z.string().optional().describe('only this query') }).strict();

/** DELETE /gold's query string: the pair, and maybe one judge. */
export const removeSchema = z
  .object({
    qrels,
    query_id: z.string().describe('query id of the pair'),
    doc_id: z.string().describe('document id of the pair'),
    judge: z.string().optional().describe("only this judge's additions (another judge's grade of the pair stays)"),
  })
  .strict();

/** POST /gold/queries' body: a question an expert wrote and the documents they marked. */
export const askSchema = requestComponent(
  'NewExpertQuery',
  z
    .object({
      qrels: z.string().min(1).describe('qrels path inside the corpora root, in a BEIR folder'),
      text: z.string().meta({ maxLength: 2000, description: 'the question; whitespace runs become one space' }),
      judge: z.string().meta({ maxLength: 100, description: 'who wrote the question' }),
      judgements: z
        .array(
          z
            .object({
              doc_id: z.string().describe('a document of corpus.jsonl, once per question'),
              grade: z
                .number()
                .int()
                .meta({ minimum: 0, maximum: 3, description: "the judging page's scale; all 0 is allowed" }),
              note: z.string().optional().meta({ maxLength: 2000 }),
            })
            .strict(),
        )
        .meta({ minItems: 1 }),
      note: z.string().optional().meta({ maxLength: 2000, description: 'kept in the query metadata' }),
    })
    .strict(),
);

/** GET /gold/queries' query string. */
export const queriesListSchema = z.object({ qrels }).strict();

/** The OpenAPI operations of the gold routes (routes/gold.ts). */
export const GOLD_OPERATIONS = {
  listJudgements: {
    operationId: 'listJudgements',
    tags: ['gold'],
    summary: 'The judgements added to a qrels file',
    parameters: queryParameters(listSchema),
    responses: {
      '200': json(
        answerSchema(
          z.object({
            additions: z.array(Addition),
            sources: z
              .record(z.string(), z.number().int())
              .describe(
                'the gold set (qrels merged with its additions) counted by where each judgement came from: published, human, tickets, llm, clicks',
              ),
          }),
        ),
        'additions in the order recorded, and the judgements counted by source',
      ),
      '400': error('bad parameter'),
      '404': error('qrels not found'),
      ...rankingReadErrors,
    },
  },
  addJudgement: {
    operationId: 'addJudgement',
    tags: ['gold'],
    summary: 'Record a judgement in <qrels>.additions.jsonl',
    ...tokenNeeded,
    requestBody: jsonBody(ref('NewJudgement')),
    responses: {
      '201': json(refTo(Addition), 'recorded: the line is in the file and fsynced'),
      '400': error('bad judgement or unknown id, or the additions file is a symbolic link'),
      '404': error('qrels not found'),
      '507': error('the additions file could not be written (a full disk): nothing of it was left in the file'),
      ...tokenErrors,
    },
  },
  removeJudgements: {
    operationId: 'removeJudgements',
    tags: ['gold'],
    summary:
      'Take back the judgements added for one (query, document) pair; the additions file is deleted when none is left',
    ...tokenNeeded,
    parameters: queryParameters(removeSchema),
    responses: {
      '200': json(
        answerSchema(
          z.object({
            removed: z.array(Addition),
            published: z
              .number()
              .int()
              .optional()
              .describe("the pair's grade in the published qrels, absent when it is unjudged again"),
            remaining: z.number().int().describe('additions left in the file; 0: the file was deleted'),
          }),
        ),
        'removed',
      ),
      '400': error('bad parameter'),
      '404': error('qrels not found, or no judgement of the pair was added'),
      '409': error('the pair is judged only in the published qrels, which are never edited'),
      ...tokenErrors,
    },
  },
  listExpertQueries: {
    operationId: 'listExpertQueries',
    tags: ['gold'],
    summary: "The queries added beside a gold set's queries.jsonl (questions experts wrote)",
    parameters: queryParameters(queriesListSchema),
    responses: {
      '200': json(
        answerSchema(z.object({ queries: z.array(QueryRecord) })),
        'added queries in the order recorded; none for a qrels file outside a BEIR folder',
      ),
      '400': error('bad parameter'),
      '404': error('qrels not found'),
      ...rankingReadErrors,
    },
  },
  addExpertQuery: {
    operationId: 'addExpertQuery',
    tags: ['gold'],
    summary:
      'Record a question an expert wrote and the documents they marked, in one go: the query in queries.jsonl.additions.jsonl, its judgements (source expert) in <qrels>.additions.jsonl',
    ...tokenNeeded,
    requestBody: jsonBody(ref('NewExpertQuery')),
    responses: {
      '201': json(answerSchema(z.object({ query: QueryRecord, additions: z.array(Addition) })), 'recorded'),
      '400': error('bad question, judge or judgement (the field is named), unknown document, or no BEIR folder'),
      '404': error('qrels not found'),
      '409': error('the same question was already asked: the answer names its query id'),
      '507': error('the disk had no room: neither the question nor its judgements were left in the files'),
      ...tokenErrors,
    },
  },
} satisfies Record<string, Operation>;
