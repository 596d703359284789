import {
  error,
  json,
  jsonBody,
  type Operation,
  pathParam,
  ref,
  tokenErrors,
  tokenNeeded,
} from '../openapi/operation-parts.js';
import { BuildJob, IndexInfo } from './index-answers.js';
import { answerSchema, refTo } from '../openapi/components.js';
import { z } from 'zod/v4';

const indexName = pathParam('name', 'index name');

/** The OpenAPI operations of the index routes (routes/indexes.ts). */
export const INDEX_OPERATIONS = {
  listIndexes: {
    operationId: 'listIndexes',
    tags: ['indexes'],
    summary: 'Every index with its config and build job',
    description:
      'A first build without a file yet (queued, running, failed or interrupted) is listed too, as status "absent" with its job.',
    responses: {
      '200': json(answerSchema(z.object({ indexes: z.array(IndexInfo) })), 'indexes'),
    },
  },
  buildIndex: {
    operationId: 'buildIndex',
    tags: ['indexes'],
    summary: 'Start building an index',
    ...tokenNeeded,
    requestBody: jsonBody(ref('BuildRequest')),
    responses: {
      '202': json(answerSchema(z.object({ job: BuildJob })), 'build started'),
      '400': error('bad request'),
      '404': error('corpus not found'),
      '409': error('already being built'),
      ...tokenErrors,
    },
  },
  getIndex: {
    operationId: 'getIndex',
    tags: ['indexes'],
    summary: 'One index: config and build progress',
    parameters: [indexName],
    responses: { '200': json(refTo(IndexInfo), 'the index'), '404': error('no such index') },
  },
  deleteIndex: {
    operationId: 'deleteIndex',
    tags: ['indexes'],
    summary: 'Delete an index',
    ...tokenNeeded,
    parameters: [indexName],
    responses: {
      '200': json(answerSchema(z.object({ deleted: z.string() })), 'deleted'),
      '404': error('no such index'),
      '409': error('being built'),
      ...tokenErrors,
    },
  },
} satisfies Record<string, Operation>;
