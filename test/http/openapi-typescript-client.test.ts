import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

/**
 * A TypeScript client generated from the served /openapi.json compiles (issue 26): openapi-typescript
 * turns the document into `paths`, `operations` and `components` types, and a small program that
 * searches an index and reads an experiment report through openapi-fetch is type-checked against
 * them. The program reads typed fields (a hit's id and score, a configuration's means), so it
 * cannot compile when those are `unknown`; and it asserts at compile time that the operations it
 * names are neither `never` nor `unknown`, which they were when the document had no operationIds.
 */
// One tsc program over a small file and the generated types, twice: seconds, more on a busy machine.
vi.setConfig({ testTimeout: timeBudget(120_000) });

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
  fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
  const program = ts.createProgram([path.join(dir, 'client.ts'), path.join(dir, 'docs-example.ts')], {
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

  it("type-checks a program that searches an index and reads an experiment report, and the docs' example", async () => {
    expect(await typeCheck(path.join(root, 'served'), served)).toEqual([]);
  });

  it('the same program does not compile against a document whose report configurations are untyped', async () => {
    const untyped = structuredClone(served);
    untyped.components.schemas.ConfigResult = { type: 'object' };
    const errors = await typeCheck(path.join(root, 'untyped'), untyped);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/client\.ts: .*(unknown|never|means)/);
  });
});
