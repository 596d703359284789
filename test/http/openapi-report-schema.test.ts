import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import { tmpDir } from '../helpers/tmp.js';
import { runTinyExperiment, webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { apiDocument } from './helpers/api-document.js';
import { openApiValidator } from './helpers/openapi-validator.js';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';

/**
 * The report schemas type every field a real report has (issue 26: `configs` items were `{}`, so
 * generated clients got `unknown`). A real experiment (the tiny fixture's three retrievers, run as
 * POST /experiments runs it, in a process of its own) is validated twice: as the schemas are, and
 * with every object closed (no property the schema does not name), so a field added to the
 * report without its schema fails here.
 */
setFileTimeouts({ hookTimeout: timeBudget(240_000) });

type Json = Record<string, unknown>;

/** The schemas with every object that lists its properties closed to others. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)]));
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const doc = (await apiDocument()) as { components: { schemas: Json } };
const validate = openApiValidator(doc);
const validateClosed = openApiValidator({ components: closed(doc.components) as Json });
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

let fx: WebFixture;
let job: ExperimentJob;
beforeAll(async () => {
  fx = await webFixture(tmpDir('openapi-report-'));
  job = await runTinyExperiment(fx);
});
afterAll(() => fx.catalog.close());

describe('a real experiment report against the OpenAPI schemas', () => {
  it('GET /experiments/{id}: the job and its report are valid, with no field the schemas leave out', () => {
    expect(validate(schema('ExperimentJob'), job)).toEqual([]);
    expect(validateClosed(schema('ExperimentJob'), job)).toEqual([]);
  });

  it('the report has the parts a client reads: configs with means, per-query values, significance, misses', () => {
    const report = job.report!;
    expect(report.configs.map((c) => c.name)).toEqual(['bm25', 'dense', 'hybrid']);
    const hybrid = report.configs[2]!;
    expect(Object.keys(hybrid.means)).toEqual(expect.arrayContaining(['ndcg@10', 'mrr@10']));
    expect(Object.keys(hybrid.perQuery).length).toBe(report.queries.answerable);
    expect(hybrid.significance?.['ndcg@10']).toBeDefined();
    expect(hybrid.pipeline?.legs.length).toBe(2);
    expect(report.allPairs?.pairs['ndcg@10']?.length).toBe(3);
  });

  it('GET /experiments/{id}/download/report.json answers an ExperimentReport', async () => {
    const res = await fx.app.request(`/experiments/${job.id}/download/report.json`);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(validateClosed(schema('ExperimentReport'), report)).toEqual([]);
  });

  it('a report with a config typed wrongly is refused: the schemas do check the fields', () => {
    const broken = structuredClone(job.report!) as unknown as { configs: Json[] };
    broken.configs[0]!.latency = { p50: 'fast' };
    expect(validate(schema('ExperimentReport'), broken)).toEqual(
      expect.arrayContaining([
        "/configs/0/latency must have required property 'p95'",
        '/configs/0/latency/p50 must be number',
      ]),
    );
  });
});

describe("a real index's answer against the OpenAPI schemas", () => {
  it('GET /indexes: each index with its IndexMeta, typed, no field left out', async () => {
    const res = await fx.app.request('/indexes');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { indexes: { meta: { counts: { chunks: number } } }[] };
    expect(body.indexes[0]!.meta.counts.chunks).toBeGreaterThan(0);
    const answer = { type: 'object', properties: { indexes: { type: 'array', items: schema('IndexInfo') } } };
    expect(validateClosed(answer, body)).toEqual([]);
  });
});
