import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { registerLegType } from '../../src/legs/registry.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { shortestFirstLeg } from '../fixtures/legs/shortest-first-leg.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { answerOf, connectOverHttp, refusalOf, type Statuses } from './helpers/mcp-client.js';

/**
 * Issue 42: the MCP server at /mcp of the real app, driven by the SDK's own client. Its answers are
 * the HTTP API's for the same request, its searches reach the query log under the client's name,
 * its refusals name the argument, and the app's guards stand in front of it.
 */

const NOW = new Date('2024-03-05T10:00:00Z');
const TOKEN = 'a-token-for-the-mcp-tests';
let fx: WebFixture;
let log: QueryLog;
let logDir: string;
let client: Client;

interface Hit {
  rank: number;
  id: string;
  doc_id: string;
  title: string;
  score: number;
  text: string;
  truncated?: boolean;
  legs: Record<string, number>;
  sources?: Record<string, { rank: number }>;
}
interface SearchAnswer {
  query_id: string;
  hits: Hit[];
}

beforeAll(async () => {
  const root = tmpDir('mcp-http-');
  logDir = path.join(root, 'traffic');
  log = await QueryLog.open(logDir, { now: () => NOW });
  fx = await webFixture(root, { queryLog: log, allowJudging: true });
  client = await connectOverHttp(fx.app);
}, timeBudget(60_000));
afterAll(async () => {
  await client.close();
  await log.close();
  await fx.catalog.close();
});

const http = async (url: string, init?: RequestInit) => {
  const res = await fx.app.request(url, init);
  expect(res.status, url).toBe(200);
  return (await res.json()) as SearchAnswer & Record<string, unknown>;
};
const postJson = (url: string, body: unknown) =>
  http(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
/** What two answers must share: the same hits in the same order with the same scores. */
const ranking = (hits: readonly { id: string; doc_id: string; rank: number; score: number }[]) =>
  hits.map(({ id, doc_id, rank, score }) => ({ id, doc_id, rank, score }));

describe('tools/list', () => {
  it('lists every tool, each with the JSON Schema of its arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'evaluate',
      'explain',
      'get_document',
      'judge',
      'list_indexes',
      'search',
    ]);
    const search = tools.find((t) => t.name === 'search')!.inputSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    // The shorthand's parameters (the HTTP API's table), the pipeline, and the tool's own bound.
    expect(Object.keys(search.properties)).toEqual(
      expect.arrayContaining(['index', 'query', 'mode', 'k', 'level', 'engine', 'rrf_k', 'pipeline', 'max_chars']),
    );
    expect(search.required.sort()).toEqual(['index', 'query']);
  });

  it("gains a leg type's fields when the type is registered, with no change to the MCP code", async () => {
    const legVariants = async () => {
      const { tools } = await client.listTools();
      const schema = tools.find((t) => t.name === 'search')!.inputSchema as unknown as {
        properties: {
          pipeline: {
            properties: { legs: { items: { anyOf: { properties: Record<string, { const?: string }> }[] } } };
          };
        };
      };
      return schema.properties.pipeline.properties.legs.items.anyOf;
    };
    const typeOf = (v: { properties: Record<string, { const?: string }> }) => v.properties.type!.const;
    expect((await legVariants()).map(typeOf)).not.toContain(shortestFirstLeg.type);
    const unregister = registerLegType(shortestFirstLeg);
    try {
      const added = (await legVariants()).find((v) => typeOf(v) === shortestFirstLeg.type);
      expect(added?.properties).toHaveProperty('order');
    } finally {
      unregister();
    }
    expect((await legVariants()).map(typeOf)).not.toContain(shortestFirstLeg.type);
  });
});

describe('search', () => {
  it("answers the HTTP API's hits, scores and order for a shorthand, each hit with each leg's rank", async () => {
    const mcp = await answerOf<SearchAnswer>(client, 'search', {
      index: 'tiny',
      query: 'password reset',
      mode: 'hybrid',
      k: 5,
    });
    const api = await http('/search/hybrid?index=tiny&q=password%20reset&k=5');
    expect(mcp.hits.length).toBeGreaterThan(1);
    expect(ranking(mcp.hits)).toEqual(ranking(api.hits));
    mcp.hits.forEach((hit, i) => {
      const sources = api.hits[i]!.sources!;
      expect(hit.legs).toEqual(Object.fromEntries(Object.entries(sources).map(([leg, s]) => [leg, s.rank])));
      expect(hit.title).toBe(api.hits[i]!.title);
    });
  });

  it('answers the same as POST /search for a pipeline, k and level beside it', async () => {
    const pipeline = { legs: [{ type: 'lexical', engine: 'postings' }, { type: 'dense' }], fusion: { method: 'rrf' } };
    const mcp = await answerOf<SearchAnswer>(client, 'search', {
      index: 'tiny',
      query: 'storage quota',
      pipeline,
      k: 4,
      level: 'doc',
    });
    const api = await postJson('/search', { index: 'tiny', q: 'storage quota', ...pipeline, k: 4, level: 'doc' });
    expect(mcp.hits).toHaveLength(4);
    expect(ranking(mcp.hits)).toEqual(ranking(api.hits));
  });

  it("cuts each passage to max_chars, saying so, and a one-leg search names that leg's rank", async () => {
    const mcp = await answerOf<SearchAnswer>(client, 'search', { index: 'tiny', query: 'E1042', max_chars: 12 });
    const api = await http('/search/bm25?index=tiny&q=E1042');
    expect(ranking(mcp.hits)).toEqual(ranking(api.hits));
    mcp.hits.forEach((hit, i) => {
      const full = api.hits[i]!.text;
      expect(hit.text).toBe(full.slice(0, 12));
      expect(Boolean(hit.truncated)).toBe(full.length > 12);
      expect(hit.legs).toEqual({ bm25: hit.rank });
    });
  });

  it("is written to the query log as an HTTP search is, its client_id the MCP client's name", async () => {
    const { query_id, hits } = await answerOf<SearchAnswer>(client, 'search', {
      index: 'tiny',
      query: 'install on linux',
      k: 3,
    });
    const file = path.join(logDir, 'ubi_queries-2024-03-05.jsonl');
    const records = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const record = records.find((r) => r.query_id === query_id);
    expect(record).toMatchObject({
      client_id: 'test-agent',
      user_query: 'install on linux',
      index: 'tiny',
      query_response_hit_ids: hits.map((h) => h.id),
      timestamp: NOW.toISOString(),
    });
  });
});

describe('bad arguments get an MCP tool error naming the argument, no stack trace', () => {
  it.each([
    [{ index: 'tiny', query: 'x', k: 0 }, 'k'],
    [{ index: 'tiny', query: 'x', colour: 'red' }, 'colour'],
    [{ index: 'tiny' }, 'query'],
    [{ index: 'tiny', query: 'x', max_chars: -1 }, 'max_chars'],
    [{ index: 'tiny', query: 'x', pipeline: { legs: [{ type: 'no-such-leg' }] } }, 'pipeline.legs.0.type'],
    [{ index: 'tiny', query: 'x', pipeline: { legs: [{ type: 'dense' }] }, engine: 'fts5' }, 'engine'],
  ])('%j', async (args, argument) => {
    const text = await refusalOf(client, 'search', args);
    expect(text.startsWith(`argument "${argument}": `), text).toBe(true);
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('an unknown index is refused as over HTTP', async () => {
    expect(await refusalOf(client, 'search', { index: 'nope', query: 'x' })).toContain('no index named "nope"');
  });
});

describe('the other tools', () => {
  it('list_indexes: the indexes with their counts, languages, embedder and whether dense answers', async () => {
    const { indexes } = await answerOf<{ indexes: Record<string, unknown>[] }>(client, 'list_indexes', {});
    const api = (await http('/indexes/tiny')) as unknown as {
      meta: { counts: { documents: number; chunks: number }; embedder: { id: string }; languages: object };
    };
    const documents = fs.readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(indexes).toEqual([
      expect.objectContaining({
        name: 'tiny',
        documents: documents.length,
        chunks: api.meta.counts.chunks,
        languages: api.meta.languages,
        embedder: api.meta.embedder.id,
        dense_ready: true,
      }),
    ]);
  });

  it('get_document: a document with its chunks, a chunk with its document, cut to max_chars', async () => {
    const source = fs
      .readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { _id: string; title: string; text: string })
      .find((d) => d._id === 'error-e1042')!;
    const doc = await answerOf<{ title: string; text: string; chunks: string[]; truncated?: boolean }>(
      client,
      'get_document',
      { index: 'tiny', id: 'error-e1042' },
    );
    expect(doc).toMatchObject({ kind: 'document', title: source.title, text: source.text });
    expect(doc.truncated).toBeUndefined();
    expect(doc.chunks.length).toBeGreaterThan(0);
    const short = await answerOf(client, 'get_document', { index: 'tiny', id: 'error-e1042', max_chars: 5 });
    expect(short).toMatchObject({ text: source.text.slice(0, 5), truncated: true });
    const chunk = await answerOf<{ text: string }>(client, 'get_document', { index: 'tiny', id: doc.chunks[0]! });
    expect(chunk).toMatchObject({ kind: 'chunk', doc_id: 'error-e1042' });
    expect(source.text).toContain(chunk.text.trim().slice(0, 20));
    expect(await refusalOf(client, 'get_document', { index: 'tiny', id: 'nothing-by-this-id' })).toContain(
      'nothing-by-this-id',
    );
  });

  it("explain: the analysed terms, and the document's rank in the pipeline's list and each leg's", async () => {
    const args = { index: 'tiny', query: 'E1042 sessions', mode: 'hybrid', level: 'doc' };
    const found = await answerOf<{
      pipeline: { rank: number } | null;
      legs: Record<string, { rank: number } | null>;
      analysed: { leg: string; terms: string[] }[];
    }>(client, 'explain', { ...args, id: 'error-e1042' });
    const rankIn = async (mode: string) =>
      (await http(`/search/${mode}?index=tiny&q=E1042%20sessions&level=doc&k=100`)).hits.find(
        (h) => h.id === 'error-e1042',
      )?.rank;
    expect(found.pipeline?.rank).toBe(await rankIn('hybrid'));
    expect(found.legs.bm25?.rank).toBe(await rankIn('bm25'));
    expect(found.legs.dense?.rank).toBe(await rankIn('dense'));
    // Only the lexical leg analyses the query (dense embeds it): its terms are lower-cased.
    expect(found.analysed.map((a) => a.leg)).toEqual(['bm25']);
    expect(found.analysed[0]!.terms).toContain('e1042');
    // A document no query term matches is not in the lexical leg's list at all.
    const missing = await answerOf<{ legs: Record<string, unknown> }>(client, 'explain', {
      ...args,
      id: 'install-mac',
    });
    expect(missing.legs.bm25).toBeNull();
  });

  it('judge: recorded as POST /gold records one, tagged as an agent judgement from this client', async () => {
    const { judgement } = await answerOf<{ judgement: Record<string, unknown> }>(client, 'judge', {
      qrels: 'tiny/qrels/test.tsv',
      query_id: 'q2',
      doc_id: 'install-mac',
      grade: 0,
      note: 'about macOS, not the error',
    });
    expect(judgement).toMatchObject({
      query_id: 'q2',
      doc_id: 'install-mac',
      grade: 0,
      source: 'agent',
      judge: 'test-agent',
      note: 'about macOS, not the error (recorded over MCP by test-agent)',
    });
    const listed = (await http('/gold?qrels=tiny/qrels/test.tsv&query_id=q2')) as unknown as { additions: unknown[] };
    expect(listed.additions).toEqual([judgement]);
    expect(await refusalOf(client, 'judge', { qrels: 'tiny/corpus.jsonl', query_id: 'q2', doc_id: 'plans' })).toMatch(
      /^argument "qrels": .*is not a qrels file/,
    );
  });

  it('evaluate: a run file scored against a gold set, as testbed eval scores it', async () => {
    fs.mkdirSync(fx.resultsRoot, { recursive: true });
    fs.writeFileSync(
      path.join(fx.resultsRoot, 'mine.trec'),
      [
        'q2 Q0 error-e1042 1 3 mine',
        'q2 Q0 install-mac 2 2 mine',
        'q1 Q0 install-mac 1 3 mine',
        'q1 Q0 faq-reset 2 2 mine',
      ].join('\n') + '\n',
    );
    const scored = await answerOf<{ means: Record<string, number>; queries: Record<string, number> }>(
      client,
      'evaluate',
      { run: 'mine.trec', qrels: 'tiny/qrels/test.tsv', metrics: 'hit@1,recall@2' },
    );
    // Four answerable queries (q1-q4); q3 and q4 are not in the run and score 0.
    // hit@1: q2's first document is relevant, q1's is not: 1/4.
    // recall@2: q1 finds faq-reset of its 3 relevant documents, q2 its only one: (1/3 + 1) / 4.
    expect(scored.queries).toMatchObject({ in_run: 2, evaluated: 4 });
    expect(scored.means['hit@1']).toBeCloseTo(1 / 4, 10);
    expect(scored.means['recall@2']).toBeCloseTo((1 / 3 + 1) / 4, 10);
    expect(
      await refusalOf(client, 'evaluate', { run: 'mine.trec', qrels: 'tiny/qrels/test.tsv', metrics: 'bogus@3' }),
    ).toMatch(/^argument "metrics": /);
    expect(await refusalOf(client, 'evaluate', { run: '../../etc/passwd', qrels: 'tiny/qrels/test.tsv' })).toMatch(
      /^argument "run": /,
    );
  });

  it('resources: each index with its metadata', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('testbed://indexes/tiny');
    const { contents } = await client.readResource({ uri: 'testbed://indexes/tiny' });
    const read = JSON.parse((contents[0] as { text: string }).text) as { meta: { counts: { chunks: number } } };
    const api = (await http('/indexes/tiny')) as unknown as { meta: { counts: { chunks: number } } };
    expect(read.meta.counts).toEqual(api.meta.counts);
  });
});

describe('the guards in front of /mcp', () => {
  let guarded: ReturnType<typeof createApp>;
  let open: ReturnType<typeof createApp>;
  beforeAll(() => {
    const deps = {
      catalog: fx.catalog,
      corporaRoot: fx.corporaRoot,
      resultsRoot: fx.resultsRoot,
      cacheDir: path.join(fx.root, 'cache'),
      token: TOKEN,
      allowJudging: true,
    };
    guarded = createApp({ ...deps, protectSearch: true });
    open = createApp(deps);
  });
  const refused = async (app: ReturnType<typeof createApp>, headers: Record<string, string>) => {
    const statuses: Statuses = [];
    await expect(connectOverHttp(app, { headers, statuses })).rejects.toThrow();
    return statuses[0];
  };
  const bearer = { authorization: `Bearer ${TOKEN}` };

  it('--protect-search: no token is a 401, a wrong one a 403; the token opens it', async () => {
    expect(await refused(guarded, {})).toBe(401);
    expect(await refused(guarded, { authorization: 'Bearer wrong' })).toBe(403);
    const agent = await connectOverHttp(guarded, { headers: bearer });
    expect(
      (await answerOf<SearchAnswer>(agent, 'search', { index: 'tiny', query: 'harbor' })).hits.length,
    ).toBeGreaterThan(0);
    await agent.close();
  });

  it('a foreign Origin and a Host the server does not answer to are refused (403)', async () => {
    expect(await refused(guarded, { ...bearer, origin: 'http://evil.example' })).toBe(403);
    expect(await refused(guarded, { ...bearer, host: 'evil.example' })).toBe(403);
    expect(await refused(open, { origin: 'http://evil.example' })).toBe(403);
  });

  it('without --protect-search searches are open, and the writes need the token', async () => {
    const anyone = await connectOverHttp(open);
    expect(
      (await answerOf<SearchAnswer>(anyone, 'search', { index: 'tiny', query: 'harbor' })).hits.length,
    ).toBeGreaterThan(0);
    const judgement = { qrels: 'tiny/qrels/test.tsv', query_id: 'q3', doc_id: 'plans', grade: 2 };
    expect(await refusalOf(anyone, 'judge', judgement)).toContain('needs its token');
    expect(await refusalOf(anyone, 'evaluate', { experiment: 'tiny-grid.yaml' })).toContain('needs its token');
    await anyone.close();
    const holder = await connectOverHttp(open, { headers: bearer, name: 'holder' });
    expect(await answerOf(holder, 'judge', judgement)).toMatchObject({ judgement: { judge: 'holder', grade: 2 } });
    await holder.close();
  });

  it('an experiment over --max-grid-cells is refused before anything runs, as POST /experiments refuses it', async () => {
    // tiny-grid.yaml: 1 chunker x 1 embedder x 1 tokenizer x 3 retrievers = 3 configurations.
    const app = createApp({
      catalog: fx.catalog,
      corporaRoot: fx.corporaRoot,
      experimentsRoot: path.join(fx.root, 'experiments'),
      resultsRoot: path.join(fx.root, 'small-results'),
      cacheDir: path.join(fx.root, 'cache'),
      maxGridCells: 2,
    });
    const agent = await connectOverHttp(app);
    const text = await refusalOf(agent, 'evaluate', { experiment: 'tiny-grid.yaml' });
    await agent.close();
    expect(text).toMatch(/^argument "grid": this experiment's grid has 3 configurations .* limit of 2 per experiment/);
    expect(fs.existsSync(path.join(fx.root, 'small-results', 'tiny-grid'))).toBe(false);
  });

  it('judge is not offered without --allow-judging; GET /mcp is a 405', async () => {
    const app = createApp({ catalog: fx.catalog, corporaRoot: fx.corporaRoot, cacheDir: path.join(fx.root, 'cache') });
    const agent = await connectOverHttp(app);
    expect((await agent.listTools()).tools.map((t) => t.name)).not.toContain('judge');
    await agent.close();
    expect((await app.request('/mcp')).status).toBe(405);
  });
});
