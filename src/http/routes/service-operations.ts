import { DOCS_ASSET_NAMES } from '../../web/api-docs/docs-assets.js';
import { error, html, json, type Operation, pathParam } from '../openapi/operation-parts.js';
import { Health } from './service-answers.js';
import { refTo } from '../openapi/components.js';

/** The OpenAPI operations of the service routes: the document itself, its page and the health probe. */
export const SERVICE_OPERATIONS = {
  getOpenApiDocument: {
    operationId: 'getOpenApiDocument',
    tags: ['service'],
    summary: 'This document',
    responses: { '200': json({ type: 'object' }, 'OpenAPI 3.1 document') },
  },
  apiDocsPage: {
    operationId: 'apiDocsPage',
    tags: ['service', 'pages'],
    summary: 'This document as a readable API reference (Swagger UI, served offline)',
    responses: { '200': html('the API reference page') },
  },
  getApiDocsAsset: {
    operationId: 'getApiDocsAsset',
    tags: ['pages'],
    summary: "The API reference page's stylesheets and scripts (Swagger UI's from node_modules)",
    parameters: [pathParam('name', 'asset file', { type: 'string', enum: DOCS_ASSET_NAMES })],
    responses: {
      '200': {
        description: 'the file',
        content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
      },
      '404': error('no such asset'),
    },
  },
  getHealth: {
    operationId: 'getHealth',
    tags: ['service'],
    summary: 'Liveness and the number of served indexes',
    responses: { '200': json(refTo(Health), 'ok') },
  },
} satisfies Record<string, Operation>;
