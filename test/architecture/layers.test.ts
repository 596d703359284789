import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The folders of src/ form a pipeline, lowest layer first. A file may import from its own
 * folder or from a folder strictly lower in this list, never from one higher up, so the folders
 * cannot form a cycle. This list is the specification: it is written here, not derived from
 * the code, and a change to it is a change to the architecture.
 *
 * `(root)` is the files directly under src/ (errors.ts, version.ts). reports/ sits below
 * experiments/: reports renders the report model (reports/report-model.ts) that experiments
 * builds, and imports nothing from it. remote/ (an HTTP client for other engines: legs,
 * embedders, rerankers and push all call it) needs only the root, and sits low because a
 * pipeline naming a remote engine is checked when it is parsed: its URL, its JSON paths and the
 * placeholders of its request template. schemas/ holds the building blocks of requests that
 * name no leg type (parameter types, filters, defaults); the pipeline's own schema lives in
 * pipeline/, above the legs and fusion it is made of.
 */
const LAYERS = [
  '(root)',
  'remote',
  // llm/ asks a chat model through remote/ (an OpenAI-compatible chat completions client): gold
  // generates questions with it and judges pool pairs with it.
  'llm',
  'schemas',
  'ranking',
  'stats',
  'corpus',
  'analysis',
  'chunking',
  'embedders',
  'store',
  'runs',
  'retrievers',
  // legs/ is the registry of leg types: each one's schema, checks, endpoints and factory (the
  // remote legs' code with them); it builds on the engines of retrievers/ and the runs of runs/.
  'legs',
  'metrics',
  'fusion',
  'pipeline',
  'indexing',
  'search',
  // push/ sends an index to OpenSearch, Elasticsearch or Qdrant: it reads the store and calls
  // remote/; only the CLI runs it.
  'push',
  // traffic/ reads search logs and clicks (UBI records, click logs, tickets), samples query sets
  // from them and turns clicks into judgements; the server's query log writer lives there too.
  'traffic',
  // serving/ is what a server keeps running: the registry of a data folder's indexes, the build
  // scheduler, the job processes (experiments queue behind builds), and the searchers and the
  // search worker pool that open an index; http/ routes requests to it.
  'serving',
  'gold',
  'reports',
  'experiments',
  'web',
  // mcp/ is the MCP server for agents: tools over the served indexes, searchers, query log, gold
  // sets and experiments, and report resources read as the pages read them (web/); http/ mounts
  // it at /mcp, with the edge's checks handed in, and cli/ runs it over stdio.
  'mcp',
  'http',
  'cli',
] as const;

/** Type declarations for untyped packages: anyone may import them, and they import nothing of ours. */
const SHARED = 'types';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

interface Import {
  /** The importing file, relative to the repository (`src/web/x.ts`). */
  file: string;
  /** As written (`../http/y.js`). */
  specifier: string;
  from: string;
  to: string;
}

/** Every module specifier of a file: static imports and re-exports (type-only too), `import '...'` and `import('...')`; comments and strings are skipped. */
function moduleSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return SOURCE.test(e.name) ? [p] : [];
  });
}

/** The top-level folder of src/ a path lies in, `(root)` for a file directly under src/, `(outside src)` beyond it. */
function folderOf(absolute: string): string {
  const parts = path.relative(SRC, absolute).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]!)) return '(outside src)';
  return parts.length === 1 ? '(root)' : parts[0]!;
}

/** Relative imports that leave their folder. */
function crossFolderImports(): Import[] {
  return sourceFiles(SRC).flatMap((file) =>
    moduleSpecifiers(fs.readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        file: path.relative(path.join(SRC, '..'), file).split(path.sep).join('/'),
        specifier,
        from: folderOf(file),
        to: folderOf(path.resolve(path.dirname(file), specifier)),
      }))
      .filter((i) => i.from !== i.to),
  );
}

/** The source file a relative specifier names (`./a.js` is `a.ts` or `a.tsx` on disk), or undefined for a non-source file. */
function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
  ];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

/**
 * The import circles between files (type-only imports count: a circle of types is still two
 * files that cannot be read one without the other), each as `a.ts -> b.ts -> a.ts`.
 */
function fileCycles(files: readonly string[], importsOf: (file: string) => string[]): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') return void cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
    state.set(file, 'open');
    for (const next of importsOf(file)) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  return cycles;
}

const layer = (folder: string): number => (LAYERS as readonly string[]).indexOf(folder);
const describeImport = (i: Import) => `${i.file} imports '${i.specifier}' (${i.from} -> ${i.to})`;

describe('layers of src/', () => {
  const imports = crossFolderImports();

  it('reads every kind of import and nothing else', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b/b.js';",
      "export { c } from '../c/c.js';",
      "export type * from '../d/d.js';",
      "import '../e/e.js';",
      "const f = await import('../f/f.js');",
      "type G = typeof import('../g/g.js');",
      "// import { h } from '../h/h.js';",
      "/* export * from '../i/i.js'; */",
      'const j = "import k from \'../k/k.js\'";',
    ].join('\n');
    expect(moduleSpecifiers(source)).toEqual([
      './a.js',
      '../b/b.js',
      '../c/c.js',
      '../d/d.js',
      '../e/e.js',
      '../f/f.js',
      '../g/g.js',
    ]);
    expect(imports.length).toBeGreaterThan(0);
  });

  it('lists every folder of src/ exactly once, and only those', () => {
    const folders = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== SHARED)
      .map((e) => e.name)
      .sort();
    expect([...LAYERS].filter((l) => l !== '(root)').sort()).toEqual(folders);
    expect(new Set(LAYERS).size).toBe(LAYERS.length);
  });

  it('imports only from strictly lower layers', () => {
    const upward = imports.filter((i) => i.to !== SHARED && !(layer(i.to) >= 0 && layer(i.to) < layer(i.from)));
    expect(upward.map(describeImport)).toEqual([]);
  });

  it(`keeps ${SHARED}/ a leaf`, () => {
    expect(imports.filter((i) => i.from === SHARED).map(describeImport)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      if (!edges.has(i.from)) edges.set(i.from, new Set());
      edges.get(i.from)!.add(i.to);
    }
    // Depth-first search; a folder met again while still on the path closes a cycle.
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (folder: string, trail: string[]) => {
      const at = trail.indexOf(folder);
      if (at >= 0) return void cycles.push([...trail.slice(at), folder].join(' -> '));
      if (done.has(folder)) return;
      for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
      done.add(folder);
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(cycles).toEqual([]);
  });

  it('has no import circle between files, type-only imports included', () => {
    const files = sourceFiles(SRC);
    const importsOf = (file: string) =>
      moduleSpecifiers(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .flatMap((specifier) => resolveSource(file, specifier) ?? []);
    const relative = (cycle: string) =>
      cycle
        .split(' -> ')
        .map((f) => path.relative(SRC, f))
        .join(' -> ');
    expect(fileCycles(files, importsOf).map(relative)).toEqual([]);
  });

  it('finds a circle of three files and none in a chain', () => {
    const circle: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(fileCycles(Object.keys(circle), (f) => circle[f] ?? [])).toEqual(['a -> b -> c -> a']);
    const chain: Record<string, string[]> = { a: ['b'], b: ['c'], c: [] };
    expect(fileCycles(Object.keys(chain), (f) => chain[f] ?? [])).toEqual([]);
  });
});
