import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { FakeEngine } from '../push/fake-engines.js';
import { buildPushIndexes, readStoredChunks } from '../push/push-fixture.js';

const dir = tmpDir('push-cli-');
let files: { withVectors: string; noVectors: string };
let chunks: number;
let os: FakeEngine;
let qdrant: FakeEngine;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  chunks = readStoredChunks(files.withVectors).length;
  os = await new FakeEngine('opensearch').start();
  qdrant = await new FakeEngine('qdrant').start();
});
afterAll(async () => {
  await os.close();
  await qdrant.close();
});

const push = (...argv: string[]) => runCli(['push', ...argv]);

describe('testbed push', () => {
  it('pushes in batches with progress, says what it sent and prints legs for the pushed index', async () => {
    const r = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'demo', '--batch', '4');
    expect(r.code, r.err).toBe(0);
    const batches = Math.ceil(chunks / 4);
    expect(os.to('POST', '/_bulk')).toHaveLength(batches);
    // Not a terminal: a line at each tenth passed, the last one at N/N.
    expect(r.err).toContain(`pushing [########################] ${chunks}/${chunks} chunks\n`);
    expect(r.err).toMatch(
      new RegExp(
        `pushed ${chunks} chunks of .* to OpenSearch index "demo" at ${os.url}: ${chunks} vectors \\(64 dims\\), ${batches} batches of up to 4, \\d+\\.\\d s\\n$`,
      ),
    );
    const yaml = parseYaml(r.out) as { legs: Record<string, unknown>[] };
    expect(yaml.legs).toEqual([
      { type: 'opensearch', name: 'os-bm25', url: os.url, index: 'demo', id: '_source.doc_id', chunk_id: '_id' },
      {
        type: 'opensearch',
        name: 'os-knn',
        url: os.url,
        index: 'demo',
        id: '_source.doc_id',
        chunk_id: '_id',
        query: 'knn',
        vector_field: 'vector',
      },
    ]);
  });

  it('--json prints what was pushed and the same legs as one JSON document', async () => {
    const r = await push(
      files.withVectors,
      '--to',
      'qdrant',
      qdrant.url,
      '--name',
      'JsonDemo',
      '--batch',
      '5',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({
      index: files.withVectors,
      engine: 'qdrant',
      name: 'JsonDemo',
      replaced: false,
      chunks,
      vectors: chunks,
      dims: 64,
      batches: Math.ceil(chunks / 5),
      headers_left_out: [],
    });
    expect(result.legs).toEqual([{ type: 'qdrant', name: 'qdrant', url: qdrant.url, collection: 'JsonDemo' }]);
    expect(r.err).toMatch(/pushed \d+ chunks of /);
  });

  it('--knn-engine faiss builds the vector field with faiss', async () => {
    const r = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'faissy', '--knn-engine', 'faiss');
    expect(r.code, r.err).toBe(0);
    const created = JSON.parse(os.to('PUT', '/faissy')[0]!.body) as {
      mappings: { properties: { vector: { method: unknown } } };
    };
    expect(created.mappings.properties.vector.method).toEqual({
      name: 'hnsw',
      engine: 'faiss',
      space_type: 'innerproduct',
    });
  });

  it('takes the URL before INDEX too, and prints a Qdrant leg', async () => {
    const r = await push('--to', 'qdrant', qdrant.url, files.withVectors, '--name', 'Demo');
    expect(r.code, r.err).toBe(0);
    expect((parseYaml(r.out) as { legs: unknown[] }).legs).toEqual([
      { type: 'qdrant', name: 'qdrant', url: qdrant.url, collection: 'Demo' },
    ]);
    expect(qdrant.indexes.get('Demo')!.docs.size).toBe(chunks);
  });

  it('a literal key given by --header is sent but not printed: the output says to write it as ${env:}', async () => {
    const r = await push(
      '--to',
      'qdrant',
      qdrant.url,
      files.withVectors,
      '--name',
      'keyed',
      '--header',
      'api-key: plain-key-4242',
      '--header',
      'X-Tenant: blue',
      '--header',
      'User-Agent: probe/1',
    );
    expect(r.code, r.err).toBe(0);
    expect(qdrant.to('PUT', '/collections/keyed')[0]!.headers['api-key']).toBe('plain-key-4242');
    expect(r.out + r.err).not.toContain('plain-key-4242');
    expect(r.out).toContain(
      "# --header api-key was a literal value and is not printed: add it to the legs' headers as ${env:NAME}\n",
    );
    // Only the known-safe headers' literal values are printed (shown-headers.ts): a tenant may be a key too.
    expect(r.out).toContain(
      "# --header X-Tenant was a literal value and is not printed: add it to the legs' headers as ${env:NAME}\n",
    );
    expect((parseYaml(r.out) as { legs: unknown[] }).legs).toEqual([
      { type: 'qdrant', name: 'qdrant', url: qdrant.url, collection: 'keyed', headers: { 'User-Agent': 'probe/1' } },
    ]);
  });

  it('refuses an existing index unless --replace', async () => {
    const again = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'demo');
    expect(again.code).toBe(2);
    expect(again.err).toBe(
      `testbed push: OpenSearch index "demo" at ${os.url} already exists; pass --replace to delete it and push again, or choose another --name\n`,
    );
    const replaced = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'demo', '--replace');
    expect(replaced.code, replaced.err).toBe(0);
    expect(replaced.err).toContain('"demo" at ' + os.url + ' (replaced)');
  });

  it('sends --header values with ${env:NAME} resolved on every request, and never prints them', async () => {
    process.env.PUSH_TEST_TOKEN = 'tok-31337-secret';
    try {
      const from = os.requests.length;
      const r = await push(
        files.withVectors,
        '--to',
        'opensearch',
        os.url,
        '--name',
        'authed',
        '--header',
        'Authorization: Bearer ${env:PUSH_TEST_TOKEN}',
      );
      expect(r.code, r.err).toBe(0);
      const seen = os.requests.slice(from);
      expect(seen.length).toBeGreaterThan(3);
      for (const req of seen) expect(req.headers.authorization).toBe('Bearer tok-31337-secret');
      expect(r.out + r.err).not.toContain('tok-31337');
      // The printed legs carry the header as written, reference and all.
      for (const leg of (parseYaml(r.out) as { legs: Record<string, unknown>[] }).legs)
        expect(leg.headers).toEqual({ Authorization: 'Bearer ${env:PUSH_TEST_TOKEN}' });
    } finally {
      delete process.env.PUSH_TEST_TOKEN;
    }
    const missing = await push(
      files.withVectors,
      '--to',
      'opensearch',
      os.url,
      '--name',
      'authed2',
      '--header',
      'Authorization: Bearer ${env:PUSH_TEST_TOKEN}',
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      'testbed push: push to opensearch index "authed2": header Authorization needs the environment variable PUSH_TEST_TOKEN, which is not set\n',
    );
  });

  it('a bulk error fails the command naming the chunk', async () => {
    const refused = readStoredChunks(files.withVectors)[0]!.id;
    os.refuse.add(refused);
    try {
      const r = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'broken');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${refused}: 400 mapper_parsing_exception`);
      expect(r.err).not.toContain('pushed ');
      expect(r.out).toBe('');
    } finally {
      os.refuse.clear();
    }
  });

  it('bad input: one line and exit 2, before anything is sent', async () => {
    const before = os.requests.length + qdrant.requests.length;
    const cases: [string[], string | RegExp][] = [
      [
        [files.withVectors, '--to', 'solr', os.url, '--name', 'x'],
        'testbed push: --to must be one of opensearch, elasticsearch, qdrant, postgres, got "solr"\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', '--name', 'x'],
        /^testbed push: missing the opensearch URL after --to opensearch \(e\.g\. --to opensearch http:\/\/localhost:9200\)\n/,
      ],
      [[files.withVectors, os.url, '--name', 'x'], /^testbed push: missing --to ENGINE URL\n/],
      [
        [files.withVectors, '--to', 'opensearch', os.url],
        /^testbed push: missing --name NAME \(the index to create\)\n/,
      ],
      [
        [path.join(dir, 'nope.sqlite'), '--to', 'opensearch', os.url, '--name', 'x'],
        `testbed push: index file not found: ${path.join(dir, 'nope.sqlite')}\n`,
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, '--name', 'x', '--batch', '0'],
        'testbed push: --batch must be an integer from 1 to 100000, got "0"\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, '--name', 'x', '--batch', 'many'],
        'testbed push: --batch must be an integer from 1 to 100000, got "many"\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, '--name', 'Docs'],
        /^testbed push: --name "Docs": an OpenSearch index name is 1-255 lower-case letters/,
      ],
      [
        [files.withVectors, '--to', 'opensearch', 'ftp://host', '--name', 'x'],
        'testbed push: --to opensearch: only http and https URLs are called, got ftp:\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, '--name', 'x', '--header', 'Bearer abc'],
        'testbed push: --header must be "Name: value" (e.g. \'Authorization: Bearer ${env:KEY}\'), got a header named "(none)"\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, 'extra', '--name', 'x'],
        'testbed push: unexpected argument "extra"; --help lists the options\n',
      ],
      [
        [files.withVectors, '--to', 'opensearch', os.url, '--name', 'x', '--knn-engine', 'nmslib'],
        'testbed push: --knn-engine must be one of lucene, faiss, got "nmslib"\n',
      ],
      [
        [files.withVectors, '--to', 'qdrant', qdrant.url, '--name', 'x', '--knn-engine', 'faiss'],
        'testbed push: --knn-engine is for --to opensearch (qdrant has its own vector index)\n',
      ],
      [
        [files.noVectors, '--to', 'qdrant', qdrant.url, '--name', 'x'],
        /^testbed push: .*no vectors \(built with --embedder none\).*push it to opensearch or elasticsearch/,
      ],
      // PostgreSQL: refused before any connection is tried (port 9 has no server).
      [
        [files.noVectors, '--to', 'postgres', 'postgres://me:hunter2@127.0.0.1:9/db', '--name', 'x'],
        /^testbed push: --to postgres: the URL holds a password written out; write \$\{env:NAME\} in its place/,
      ],
      [
        [files.noVectors, '--to', 'postgres', 'postgres://me@127.0.0.1:9/db', '--name', 'Docs'],
        /^testbed push: --name "Docs": a PostgreSQL table name here is 1-47 lower-case letters, digits and _/,
      ],
      [
        [files.noVectors, '--to', 'postgres', 'postgres://me@127.0.0.1:9/db', '--name', 'x', '--header', 'A: b'],
        'testbed push: --header is for HTTP engines; PostgreSQL is reached by its URL\n',
      ],
      [
        [files.noVectors, '--to', 'opensearch', os.url, '--name', 'x', '--ts-config', 'english'],
        'testbed push: --ts-config is for --to postgres (the text search configuration of its tsvector column)\n',
      ],
      [
        [files.noVectors, '--to', 'postgres', 'http://127.0.0.1:9/db', '--name', 'x'],
        'testbed push: --to postgres: "http://127.0.0.1:9/db" is not a postgres://USER@HOST:PORT/DATABASE URL\n',
      ],
    ];
    for (const [argv, expected] of cases) {
      const r = await push(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      if (typeof expected === 'string') expect(r.err).toBe(expected);
      else expect(r.err).toMatch(expected);
      expect(r.out).toBe('');
    }
    expect(os.requests.length + qdrant.requests.length).toBe(before);
  });

  it('--help lists every option and an example', async () => {
    const r = await push('--help');
    expect(r.code).toBe(0);
    for (const flag of [
      '--to ENGINE',
      '--name NAME',
      '--replace',
      '--batch N',
      '--knn-engine E',
      '--header',
      '--timeout MS',
      '--retries N',
      '--ts-config NAME',
    ])
      expect(r.out).toContain(flag);
    expect(r.out).toMatch(/Examples:\n {2}testbed push \S+ --to opensearch http:\/\/localhost:9200 --name \S+/);
    expect(r.out).toMatch(/\n {2}testbed push \S+ --to postgres postgres:\/\/\S+ --name \S+/);
  });
});
