import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocument } from './helpers/api-document.js';
import { openApiValidator } from './helpers/openapi-validator.js';

/**
 * Every operation of /openapi.json has a stable operationId and a realistic example (issue 26):
 * generated clients name their functions by the ids, and the examples fill Swagger UI's forms.
 * Each example is validated against the schema it stands beside, so it cannot drift from it.
 */
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: unknown;
  example?: unknown;
}
interface Media {
  schema: unknown;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

/**
 * The operationId of every `METHOD /path`, as published: the names a generated client calls its
 * functions by (openapi-typescript's `operations`, openapi-generator's methods). Each route
 * declares its own beside its handler (src/http/routes/*-operations.ts); renaming one breaks
 * every client generated from the document, so this list pins them: a new route adds a row, an
 * old row never changes.
 */
const PUBLISHED_IDS: Record<string, string> = {
  'GET /': 'playgroundPage',
  'GET /judge': 'judgePage',
  'GET /assets/{name}': 'getPageAsset',
  'GET /openapi.json': 'getOpenApiDocument',
  'GET /docs': 'apiDocsPage',
  'GET /docs/assets/{name}': 'getApiDocsAsset',
  'GET /health': 'getHealth',
  'GET /search': 'search',
  'POST /search': 'searchWithBody',
  'GET /search/{mode}': 'searchByMode',
  'POST /search/{mode}': 'searchByModeWithBody',
  'GET /search/interleaved': 'searchInterleaved',
  'POST /search/interleaved': 'searchInterleavedWithBody',
  'POST /events': 'recordEvents',
  'GET /traffic': 'getTrafficSummary',
  'GET /traffic/interleavings': 'getTrafficInterleavings',
  'GET /traffic/samples': 'listTrafficSamples',
  'POST /traffic/samples': 'startTrafficSample',
  'GET /traffic/samples/{id}': 'getTrafficSample',
  'GET /traffic/judgements': 'listTrafficJudgements',
  'POST /traffic/judgements': 'startTrafficJudgement',
  'GET /traffic/judgements/{id}': 'getTrafficJudgement',
  'GET /indexes': 'listIndexes',
  'POST /indexes': 'buildIndex',
  'GET /indexes/{name}': 'getIndex',
  'DELETE /indexes/{name}': 'deleteIndex',
  'GET /experiments': 'listExperiments',
  'POST /experiments': 'startExperiment',
  'GET /experiments/{id}': 'getExperiment',
  'DELETE /experiments/{id}': 'cancelExperiment',
  'GET /experiments/diff': 'reportDiffPage',
  'GET /experiments/{id}/queries': 'reportQueriesPage',
  'GET /experiments/{id}/download/report.md': 'downloadReportMarkdown',
  'GET /experiments/{id}/download/metrics.csv': 'downloadMetricsCsv',
  'GET /experiments/{id}/download/per-query.csv': 'downloadPerQueryCsv',
  'GET /experiments/{id}/download/report.json': 'downloadReportJson',
  'GET /experiments/{id}/download/runs/{file}': 'downloadRunFile',
  'GET /gold': 'listJudgements',
  'POST /gold': 'addJudgement',
  'DELETE /gold': 'removeJudgements',
  'GET /gold/queries': 'listExpertQueries',
  'POST /gold/queries': 'addExpertQuery',
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const doc = (await apiDocument()) as unknown as Doc;
const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
  Object.entries(ops)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ route: `${method.toUpperCase()} ${p}`, op })),
);
const validate = openApiValidator(doc);

/** The first 2xx answer: the one an example shows. */
const success = (op: Operation) => Object.entries(op.responses).find(([status]) => status.startsWith('2'))!;

describe('operationIds', () => {
  it('every operation has one, camelCase, and no two share one', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter(({ op }) => !op.operationId).map(({ route }) => route)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId!);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('are the ones published: no route renamed its id, and the list names no route the document lacks', () => {
    for (const { route, op } of operations) expect(op.operationId, route).toBe(PUBLISHED_IDS[route]);
    expect(Object.keys(PUBLISHED_IDS).filter((route) => !operations.some((o) => o.route === route))).toEqual([]);
  });
});

describe('examples', () => {
  it('every operation has one: its success answer, its request body, and each required parameter', () => {
    const missing: string[] = [];
    for (const { route, op } of operations) {
      const [status, answer] = success(op);
      const withExample = Object.values(answer.content ?? {}).some((m) => m.example !== undefined);
      if (!withExample) missing.push(`${route}: ${status} answer`);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.example === undefined) missing.push(`${route}: ${type} request body`);
      }
      for (const p of op.parameters ?? []) {
        if (p.required && p.example === undefined) missing.push(`${route}: parameter ${p.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('each example is valid against the schema beside it (parameters, bodies, answers)', () => {
    const invalid: string[] = [];
    let checked = 0;
    const check = (where: string, schema: unknown, value: unknown) => {
      checked++;
      for (const e of validate(schema, value)) invalid.push(`${where}: ${e}`);
    };
    for (const { route, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.example !== undefined) check(`${route} parameter ${p.name}`, p.schema, p.example);
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.example !== undefined) check(`${route} ${type} body`, media.schema, media.example);
      }
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          if (media.example !== undefined) check(`${route} ${status} ${type}`, media.schema, media.example);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(operations.length * 2);
  });

  it('the validator refuses an example that drifted: a hit without its doc_id, a report config without means', () => {
    const searchAnswer = doc.paths['/search/{mode}']!.get!.responses['200']!.content!['application/json']!;
    const answer = structuredClone(searchAnswer.example) as { hits: Record<string, unknown>[] };
    delete answer.hits[0]!.doc_id;
    expect(validate(searchAnswer.schema, answer)).toEqual([
      expect.stringContaining("must have required property 'doc_id'"),
    ]);
    const reportAnswer =
      doc.paths['/experiments/{id}/download/report.json']!.get!.responses['200']!.content!['application/json']!;
    const report = structuredClone(reportAnswer.example) as { configs: { means: unknown }[] };
    report.configs[1]!.means = { 'ndcg@10': 'high' };
    expect(validate(reportAnswer.schema, report)).toEqual([
      expect.stringMatching(/^\/configs\/1\/means\/ndcg@10 must be number/),
    ]);
  });

  it('are made of the demo corpus: every doc_id an example names is a document of corpora/demo', () => {
    const corpus = fs.readFileSync(path.resolve(import.meta.dirname, '../../corpora/demo/corpus.jsonl'), 'utf8');
    const ids = new Set(
      corpus
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { _id: string })._id),
    );
    const named = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'doc_id' || key === 'object_id') && typeof value === 'string') named.add(value.split('#')[0]!);
          walk(value);
        }
      }
    };
    for (const { op } of operations) {
      walk(op.requestBody);
      walk(success(op)[1]);
      for (const p of op.parameters ?? []) if (p.name === 'doc_id') walk({ doc_id: p.example });
    }
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((id) => !ids.has(id))).toEqual([]);
  });
});
