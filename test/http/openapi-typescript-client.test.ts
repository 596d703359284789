import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { clientCall, MINIMAL_REQUESTS, type MinimalRequest } from './helpers/minimal-requests.js';
import { openApiValidator } from './helpers/openapi-validator.js';

/**
 * A TypeScript client generated from the served /openapi.json compiles (issue 26): openapi-typescript
 * turns the document into `paths`, `operations` and `components` types, and a small program that
 * searches an index and reads an experiment report through openapi-fetch is type-checked against
 * them. The program reads typed fields (a hit's id and score, a configuration's means), so it
 * cannot compile when those are `unknown`; and it asserts at compile time that the operations it
 * names are neither `never` nor `unknown`, which they were when the document had no operationIds.
 * Beside it, a second file calls every operation with its smallest request (issue 43): a pipeline
 * search with bare legs did not compile while the types marked defaulted fields (engine, norm,
 * rrf_k, depth) required. Types are generated with openapi-typescript's defaults, as
 * docs/http-api.md tells a user to generate them.
 */
// One tsc program over a small file and the generated types, twice: seconds, more on a busy machine.
setFileTimeouts({ testTimeout: timeBudget(120_000) });

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE_MODULES = path.join(ROOT, 'node_modules');

const PROGRAM = `import createClient from 'openapi-fetch';
import type { components, operations, paths } from './schema';

type Hit = components['schemas']['Hit'];
type Report = operations['downloadReportJson']['responses'][200]['content']['application/json'];
type Search = operations['searchByMode']['responses'][200]['content']['application/json'];

// Compile-time: each is a real type, not never (no operations) and not unknown (an untyped body).
type Typed<T> = [T] extends [never] ? false : unknown extends T ? false : true;
const typed: [Typed<Hit>, Typed<Report>, Typed<Search>, Typed<Report['configs'][number]>] = [true, true, true, true];

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8787' });

/** The ids and scores of the first hits of a hybrid search. */
export async function search(index: string, q: string): Promise<string[]> {
  const { data, error } = await client.GET('/search/{mode}', {
    params: { path: { mode: 'hybrid' }, query: { index, q, k: 3 } },
  });
  if (error) throw new Error(error.error.message);
  return data.hits.map((hit: Hit) => \`\${hit.rank}. \${hit.id} \${hit.score.toFixed(4)} \${hit.sources?.bm25?.rank ?? '-'}\`);
}

/** Each configuration's mean on the report's primary metric, and the baseline's p on it. */
export async function readReport(id: string): Promise<string[]> {
  const { data, error } = await client.GET('/experiments/{id}/download/report.json', { params: { path: { id } } });
  if (error) throw new Error(error.error.message);
  const report: Report = data;
  const metric: string = report.metrics[0] ?? 'ndcg@10';
  return report.configs.map((config) => {
    const mean: number | undefined = config.means[metric];
    const p: number | undefined = config.significance?.[metric]?.p;
    const perQuery: number = Object.keys(config.perQuery).length;
    return \`\${config.name} (\${config.index.chunker}): \${metric} \${mean} over \${perQuery}, p \${p}\`;
  });
}

export { typed };
`;

/** Every operation called with its smallest request (helpers/minimal-requests.ts), one function each. */
function minimalCallsProgram(): string {
  const functions = Object.entries(MINIMAL_REQUESTS).map(
    ([operationId, requests]) =>
      `export async function ${operationId}(): Promise<void> {\n${requests.map((r) => `  ${clientCall(r)}`).join('\n')}\n}`,
  );
  return `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8787' });

${functions.join('\n\n')}
`;
}

/** The TypeScript example of docs/http-api.md ("Clients"), importing the types generated here. */
function docsExample(): string {
  const section = fs.readFileSync(path.join(ROOT, 'docs/http-api.md'), 'utf8').split('\n## Clients\n')[1] ?? '';
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(section);
  if (!block) throw new Error('docs/http-api.md: no ts block under "## Clients"');
  return block[1]!.replace("from './testbed-api'", "from './schema'");
}

/**
 * tsc --noEmit over the program, the docs' example and the types generated from `doc`: the
 * diagnostics, as text.
 */
async function typeCheck(dir: string, doc: unknown): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(doc as never)));
  fs.writeFileSync(path.join(dir, 'client.ts'), PROGRAM);
  fs.writeFileSync(path.join(dir, 'docs-example.ts'), docsExample());
  fs.writeFileSync(path.join(dir, 'minimal-calls.ts'), minimalCallsProgram());
  fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
  const files = ['client.ts', 'docs-example.ts', 'minimal-calls.ts'].map((f) => path.join(dir, f));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

/** What is wrong with `request` as `op` takes it: a required parameter left out, a value or body off its schema. */
function requestErrors(
  op: Operation,
  request: MinimalRequest,
  validate: ReturnType<typeof openApiValidator>,
): string[] {
  const errors: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const value = request.params?.[p.in]?.[p.name];
    if (value === undefined) {
      if (p.required) errors.push(`${p.in} parameter ${p.name} missing`);
      continue;
    }
    errors.push(...validate(p.schema, value).map((e) => `${p.in} parameter ${p.name}: ${e}`));
  }
  const schema = op.requestBody?.content['application/json']?.schema;
  if (schema) errors.push(...validate(schema, request.body).map((e) => `body: ${e}`));
  else if (request.body !== undefined) errors.push('a body the operation does not take');
  return errors;
}

let fx: WebFixture;
let served: { components: { schemas: Record<string, unknown> } };
let root: string;
beforeAll(async () => {
  root = tmpDir('openapi-ts-client-');
  fx = await webFixture(path.join(root, 'app'));
  const res = await fx.app.request('/openapi.json');
  expect(res.status).toBe(200);
  served = (await res.json()) as typeof served;
});
afterAll(() => fx.catalog.close());

describe('a TypeScript client generated from /openapi.json with openapi-typescript', () => {
  it('names every operation, and types hits and reports', async () => {
    const types = astToString(await openapiTS(served as never));
    expect(types).not.toMatch(/export type operations = Record<string, never>/);
    expect(types).toMatch(/\bsearchByMode: \{/);
    expect(types).toMatch(/\bdownloadReportJson: \{/);
  });

  it("type-checks a program that searches an index and reads an experiment report, the docs' example, and every operation's smallest request", async () => {
    expect(await typeCheck(path.join(root, 'served'), served)).toEqual([]);
  });

  it("the smallest requests cover every operation, and each is valid against the document's schemas", () => {
    const doc = served as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: Record<string, unknown>;
    };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(Object.keys(MINIMAL_REQUESTS).sort()).toEqual(ids.sort());
    const validate = openApiValidator(doc);
    const invalid: string[] = [];
    for (const [operationId, requests] of Object.entries(MINIMAL_REQUESTS)) {
      for (const request of requests) {
        const op = doc.paths[request.path]?.[request.method.toLowerCase()];
        if (op?.operationId !== operationId) {
          invalid.push(`${operationId}: ${request.method} ${request.path} is ${op?.operationId ?? 'no operation'}`);
          continue;
        }
        invalid.push(...requestErrors(op, request, validate).map((e) => `${operationId}: ${e}`));
      }
    }
    expect(invalid).toEqual([]);
  });

  it('the server answers the smallest search bodies, the pipeline of the issue among them', async () => {
    // Not the reranked one: it would load a cross-encoder model; nor the interleaved one: this
    // server has no --interleave (test/http/interleaved-search.test.ts serves those).
    const searches = [...MINIMAL_REQUESTS.searchWithBody!, ...MINIMAL_REQUESTS.searchByModeWithBody!].filter(
      (r) => !(r.body as { rerank?: unknown }).rerank && !(r.body as { interleaving?: unknown }).interleaving,
    );
    expect(searches.length).toBe(4);
    for (const { path: route, params, body } of searches) {
      const url = route.replace('{mode}', params?.path?.mode ?? '');
      const res = await fx.app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...(body as object), index: 'tiny' }),
      });
      expect(res.status, `${url} ${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(200);
      // Each defaulted field left out is filled in by the server: the pipeline that ran names its legs' engine.
      const answer = (await res.json()) as { pipeline: { legs: { type: string; engine?: string }[] } };
      for (const leg of answer.pipeline.legs.filter((l) => l.type === 'lexical')) expect(leg.engine).toBeDefined();
    }
  });

  it('a pipeline body does not compile when a request field carries its JSON Schema default (the fault of issue 43)', async () => {
    const strict = structuredClone(served) as unknown as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    // As the document had it: the fusion's norm with its default written as a JSON Schema `default`.
    const fusion = strict.components.schemas.PipelineRequest!.properties.fusion as {
      properties: Record<string, Record<string, unknown>>;
    };
    fusion.properties.norm!.default = 'minmax';
    const errors = await typeCheck(path.join(root, 'strict'), strict);
    expect(errors.filter((e) => e.startsWith('minimal-calls.ts: ') && e.includes("'norm'"))).toHaveLength(1);
  });

  it('the same program does not compile against a document whose report configurations are untyped', async () => {
    const untyped = structuredClone(served);
    untyped.components.schemas.ConfigResult = { type: 'object' };
    const errors = await typeCheck(path.join(root, 'untyped'), untyped);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/client\.ts: .*(unknown|never|means)/);
  });
});
