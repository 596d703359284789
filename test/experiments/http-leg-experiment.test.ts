import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { ConfigResult, ExperimentReport } from '../../src/reports/report-model.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * The done-when case: a second `testbed serve` (a real child process) over an index of
 * the demo corpus built with the experiment's own index settings, an experiment whose `http`
 * legs call it, and the metrics of those legs equal to the local run of the same configuration,
 * exactly. Then in-test servers that fail in each documented way: failed queries, not zeros.
 */
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
// The experiment's grid, and the served index built with the same settings: same chunks, same BM25.
const INDEX = { chunker: 'doc', embedder: 'none', tokenizer: 'auto' } as const;

const root = tmpDir('http-leg-exp-');
const cacheDir = path.join(root, 'cache');
let child: ChildProcess;
let served: string;
let faulty: http.Server;
let faultyUrl: string;
const perQueryCalls = new Map<string, number>();
const seenHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  await buildIndex({ corpus: DEMO, out: path.join(root, 'data', 'demo.sqlite'), ...INDEX });
  fs.mkdirSync(path.join(root, 'corpora'), { recursive: true });
  child = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--data',
      'data',
      '--corpora',
      'corpora',
      '--port',
      '0',
      '--workers',
      '1',
      '--allow-remote',
      'http://127.0.0.1:1',
    ],
    {
      cwd: root,
      env: { ...process.env, TESTBED_HOME: cacheDir },
    },
  );
  let stderr = '';
  served = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`testbed serve did not start:\n${stderr}`)), timeBudget(60_000));
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /serving .* on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) clearTimeout(timer), resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`testbed serve exited ${code}:\n${stderr}`)));
  });

  // Misbehaving search APIs. /429-once and /partial pass the request on to the real server when
  // they do not fail, so what they answer is testbed serve's own ranking.
  const forward = async (url: URL, res: http.ServerResponse) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete('qid');
    const upstream = await fetch(`${served}/search/bm25?${params}`);
    res.writeHead(upstream.status, { 'Content-Type': 'application/json' }).end(await upstream.text());
  };
  faulty = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seenHeaders.push(req.headers);
    const qid = url.searchParams.get('qid') ?? '';
    const key = `${url.pathname}:${qid}`;
    const n = (perQueryCalls.get(key) ?? 0) + 1;
    perQueryCalls.set(key, n);
    const send = (status: number, body: string, type = 'application/json') =>
      res.writeHead(status, { 'Content-Type': type }).end(body);
    switch (url.pathname) {
      case '/html':
        return send(200, '<!doctype html><p>maintenance</p>', 'text/html');
      case '/no-hits':
        return send(200, JSON.stringify({ results: [] }));
      case '/unknown-id':
        return send(200, JSON.stringify({ hits: [{ doc_id: 'no-such-doc', score: 1 }] }));
      case '/429-once':
        return n === 1
          ? void res
              .writeHead(429, { 'Retry-After': '0', 'Content-Type': 'application/json' })
              .end('{"error":"rate limited"}')
          : void forward(url, res);
      case '/503':
        return send(503, '{"error":"unavailable"}');
      case '/slow':
        return void setTimeout(() => send(200, JSON.stringify({ hits: [] })), 400);
      case '/partial':
        return qid === 'q002' ? send(503, '{"error":"shard down"}') : void forward(url, res);
      default:
        return send(404, '{}');
    }
  });
  await new Promise<void>((r) => faulty.listen(0, '127.0.0.1', r));
  faultyUrl = `http://127.0.0.1:${(faulty.address() as AddressInfo).port}`;
}, timeBudget(120_000));

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await new Promise<void>((r) => (faulty ? faulty.close(() => r()) : r()));
});

/** The grid every experiment here shares, with `retrievers` as given. */
const config = (name: string, retrievers: string, extra = '') => `name: ${name}
corpus: ${DEMO}
level: doc
ks: [1, 5, 10, 20, 100]
metrics: [ndcg@10, mrr@10, map@100, recall@100, precision@5]
slices: [type, language, source]
output: ${path.join(root, 'out', name)}
${extra}grid:
  chunkers: [${INDEX.chunker}]
  embedders: [${INDEX.embedder}]
  tokenizers: [${INDEX.tokenizer}]
  retrievers:
${retrievers}`;

/** Every number of a configuration that depends on its rankings. */
const scores = (c: ConfigResult) => ({ means: c.means, perQuery: c.perQuery, slices: c.slices, legs: c.legs });

describe('an http leg against a second testbed serve', () => {
  it(
    'scores exactly as the local leg it calls, alone and fused with RRF',
    async () => {
      const post = JSON.stringify({
        index: 'demo',
        q: '{{query}}',
        k: '{{k}}',
        level: '{{level}}',
        qlang: '{{qlang}}',
        legs: [{ type: 'lexical', engine: 'fts5' }],
      });
      const remote = `{ type: http, name: remote, url: "${served}/search", body: ${post}, hits: hits, id: doc_id, score: score }`;
      const remoteGet = `{ type: http, name: remote-get, url: "${served}/search/bm25?index=demo&engine=fts5&q={{query}}&k={{k}}&level={{level}}&qlang={{qlang}}", hits: hits, id: doc_id, score: score }`;
      const yaml = config(
        'remote-equals-local',
        `    - { name: local, legs: [{ type: lexical, engine: fts5 }] }
    - { name: remote, legs: [${remote}] }
    - { name: remote-get, legs: [${remoteGet}] }
    - { name: fused, legs: [{ type: lexical, engine: fts5 }, ${remote}], fusion: { method: rrf } }
    - { name: self-fused, legs: [{ type: lexical, engine: fts5, name: a }, { type: lexical, engine: fts5, name: b }], fusion: { method: rrf } }
`,
      );
      const { report } = await runExperiment(parseExperimentConfig(yaml), { cacheDir });
      const by = (name: string) => report.configs.find((c) => c.name === name)!;
      // 353 queries, every one answered: nothing left out.
      expect(report.queries.total).toBe(353);
      for (const c of report.configs) expect(c.failedQueries, c.name).toBeUndefined();
      expect(by('local').means['ndcg@10']).toBeGreaterThan(0.2);
      expect(by('remote').kind).toBe('http');
      // The same BM25 through the server's API: every metric, every query, every slice equal.
      expect(scores(by('remote'))).toEqual(scores(by('local')));
      expect(scores(by('remote-get'))).toEqual(scores(by('local')));
      // The http leg's list is the local leg's list, so fusing them is fusing fts5 with itself.
      expect(scores(by('fused'))).toEqual(scores(by('self-fused')));
      expect(by('fused').bestSingle).toBeDefined();
      // Latency per query like a local leg's, and the endpoint named (method + URL).
      expect(by('remote').latency.p50).toBeGreaterThan(0);
      expect(by('remote').endpoints).toEqual([{ leg: 'remote', endpoint: `POST ${served}/search` }]);
      expect(by('fused').endpoints).toEqual([{ leg: 'remote', endpoint: `POST ${served}/search` }]);
      const md = renderMarkdown(report);
      expect(md).toContain('## Remote endpoints');
      expect(md).toContain(
        `\`GET ${served}/search/bm25?index=demo&engine=fts5&q={{query}}&k={{k}}&level={{level}}&qlang={{qlang}}\``,
      );
      expect(md).not.toContain('## Failed queries');
      expect(report.checks).toEqual([]);
    },
    timeBudget(180_000),
  );

  it('testbed search answers through an http leg as through the local leg it calls', async () => {
    const index = path.join(root, 'data', 'demo.sqlite');
    const remote = JSON.stringify({
      legs: [
        {
          type: 'http',
          url: `${served}/search/bm25?index=demo&engine=fts5&q={{query}}&k={{k}}&level={{level}}`,
          hits: 'hits',
          id: 'doc_id',
          score: 'score',
        },
      ],
    });
    const local = JSON.stringify({ legs: [{ type: 'lexical', engine: 'fts5' }] });
    const ids = async (pipeline: string) => {
      const { code, out, err } = await runCli([
        'search',
        index,
        'sync interval default',
        '--pipeline',
        pipeline,
        '--level',
        'doc',
        '--k',
        '5',
        '--json',
      ]);
      expect(code, err).toBe(0);
      return (JSON.parse(out) as { hits: { id: string; score: number }[] }).hits.map((h) => [h.id, h.score]);
    };
    const fromRemote = await ids(remote);
    expect(fromRemote).toHaveLength(5);
    expect(fromRemote).toEqual(await ids(local));
    // Passages: the API's hit id is the chunk id, doc_id its document.
    const chunks = JSON.stringify({ legs: [{ ...JSON.parse(remote).legs[0], id: 'doc_id', chunk_id: 'id' }] });
    const { out } = await runCli([
      'search',
      index,
      'sync interval default',
      '--pipeline',
      chunks,
      '--level',
      'chunk',
      '--k',
      '5',
      '--json',
    ]);
    const { out: localOut } = await runCli([
      'search',
      index,
      'sync interval default',
      '--pipeline',
      local,
      '--level',
      'chunk',
      '--k',
      '5',
      '--json',
    ]);
    const pick = (text: string) =>
      (JSON.parse(text) as { hits: { id: string; doc_id: string; score: number }[] }).hits.map((h) => [
        h.id,
        h.doc_id,
        h.score,
      ]);
    expect(pick(out)[0]![0]).toMatch(/#\d+$/);
    expect(pick(out)).toEqual(pick(localOut));
  });

  it('the served --allow-remote is threaded from the CLI: another origin named in POST /search is a 403 naming the flag', async () => {
    const legs = [{ type: 'http', url: 'http://127.0.0.1:2/s', hits: 'h', id: 'i', score: 's' }];
    const res = await fetch(`${served}/search`, {
      method: 'POST',
      body: JSON.stringify({ index: 'demo', q: 'x', legs }),
      headers: { 'content-type': 'application/json' },
    });
    const text = await res.text();
    expect(res.status, text).toBe(403);
    const { error } = JSON.parse(text) as { error: { message: string } };
    expect(error.message).toContain('--allow-remote http://127.0.0.1:2');
    expect(error.message).toContain('(allowed: http://127.0.0.1:1)');
  });
});

describe('an http leg that fails', () => {
  // Six queries keep the failing cases quick; their qrels are the corpus's own.
  const queries = path.join(root, 'six-queries.jsonl');
  const qrels = path.join(root, 'six-qrels.tsv');
  beforeAll(() => {
    const six = fs.readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8').split('\n').slice(0, 6);
    fs.writeFileSync(queries, six.join('\n') + '\n');
    const ids = new Set(six.map((l) => (JSON.parse(l) as { _id: string })._id));
    const [header, ...lines] = fs
      .readFileSync(path.join(DEMO, 'qrels', 'test.tsv'), 'utf8')
      .trim()
      .split('\n');
    fs.writeFileSync(qrels, [header, ...lines.filter((l) => ids.has(l.split('\t')[0]!))].join('\n') + '\n');
  });

  const leg = (route: string, extra = '') =>
    `{ type: http, name: api, url: "${faultyUrl}${route}?qid={{query_id}}&index=demo&engine=fts5&q={{query}}&k={{k}}&level={{level}}&qlang={{qlang}}", hits: hits, id: doc_id, score: score${extra} }`;

  it(
    'records failed queries per configuration (not zeros), scores the others, says so in the report, and --check fails',
    async () => {
      perQueryCalls.clear();
      const file = path.join(root, 'failing.yaml');
      fs.writeFileSync(
        file,
        config(
          'failing',
          `    - { name: local, legs: [{ type: lexical, engine: fts5 }] }
    - { name: html, legs: [${leg('/html', ', retries: 0')}] }
    - { name: no-hits, legs: [${leg('/no-hits', ', retries: 0')}] }
    - { name: unknown-id, legs: [${leg('/unknown-id', ', retries: 0')}] }
    - { name: after-429, legs: [${leg('/429-once', ', retries: 2')}] }
    - { name: down, legs: [${leg('/503', ', retries: 1')}] }
    - { name: slow, legs: [${leg('/slow', ', retries: 0, timeout_ms: 100')}] }
    - { name: partial, legs: [{ type: lexical, engine: fts5 }, ${leg('/partial', ', retries: 0, headers: { Authorization: "Bearer inline-secret-9f3", X-Api-Key: "${env:HTTP_LEG_EXP_KEY}" }')}] }
`,
          `queries: ${queries}\nqrels: ${qrels}\n`,
        ),
      );
      process.env.HTTP_LEG_EXP_KEY = 'env-secret-77a';
      const { code, out, err } = await runCli(['experiment', file, '--check', '--cache-dir', cacheDir]).finally(
        () => delete process.env.HTTP_LEG_EXP_KEY,
      );
      expect(code, out + err).toBe(3);
      const report = JSON.parse(
        fs.readFileSync(path.join(root, 'out', 'failing', 'report.json'), 'utf8'),
      ) as ExperimentReport;
      const by = (name: string) => report.configs.find((c) => c.name === name)!;
      const answerable = report.queries.answerable;
      expect(answerable).toBeGreaterThan(1);

      // Each failing kind: every query failed, each message naming the leg, the query and the status.
      const expected: [string, number | undefined, RegExp][] = [
        ['html', 200, /answered 200: the body is not JSON/],
        ['no-hits', 200, /answered 200: the answer has no hits \(the hits path\)/],
        ['unknown-id', 200, /answered 200: hit 0: document "no-such-doc" is not in the index/],
        ['down', 503, /answered 503: \{"error":"unavailable"\} \(after 2 attempts\)/],
        ['slow', undefined, /no answer within 100 ms/],
      ];
      for (const [name, status, problem] of expected) {
        const f = by(name).failedQueries!;
        expect(f, name).toBeDefined();
        expect(f.count, name).toBe(6);
        // Every query failed, so none was scored.
        expect(f.scored, name).toBe(0);
        // The 6 queries run at once; once 5 have failed the circuit breaker opens and cancels a
        // query still in flight, whose message then quotes the fifth failure after its own reason.
        for (const q of f.first) {
          expect(q.message, name).toContain(`leg "api", query ${q.queryId}`);
          expect(q.message, name).toMatch(problem);
          if (q.message.includes(': cancelled in flight: ')) expect(q.status, name).toBeUndefined();
          else expect(q.status, name).toBe(status);
        }
        expect(
          f.first.filter((q) => !q.message.includes(': cancelled in flight: ')).length,
          name,
        ).toBeGreaterThanOrEqual(5);
        // Nothing scored, so no mean (NaN, null in JSON): not a configuration that found nothing.
        expect(by(name).perQuery, name).toEqual({});
        expect(by(name).means['ndcg@10'], name).toBeNull();
        // The demo's queries mix real and synthetic ones: the real figures lead, the pooled ones follow.
        expect(out).toMatch(
          new RegExp(
            `  ${name} +ndcg@10 –  recall@5 –  hit@5 –  \\(pooled ndcg@10 –  recall@5 –  hit@5 –\\)  \\(6 failed queries left out\\)`,
          ),
        );
        expect(out).toContain(`FAIL ${name}: every query answered`);
      }
      // Retried after a 429, then answered by testbed serve: as the local run, and no failure.
      expect(by('after-429').failedQueries).toBeUndefined();
      expect(by('after-429').means).toEqual(by('local').means);
      expect([...perQueryCalls].filter(([k]) => k.startsWith('/429-once:')).every(([, n]) => n === 2)).toBe(true);
      // One query failed: the configuration is scored over the others, and q002 is not a 0 in it.
      const partial = by('partial');
      expect(partial.failedQueries!.count).toBe(1);
      expect(partial.failedQueries!.first[0]!).toMatchObject({ queryId: 'q002', by: 'leg "api"', status: 503 });
      expect(Object.keys(partial.perQuery).sort()).toEqual(
        Object.keys(by('local').perQuery)
          .filter((q) => q !== 'q002')
          .sort(),
      );
      const answered = Object.values(partial.perQuery);
      expect(partial.means['ndcg@10']).toBeCloseTo(
        answered.reduce((s, r) => s + r['ndcg@10']!, 0) / answered.length,
        12,
      );
      expect(partial.slices.find((s) => s.label === 'source=real')!.n).toBe(
        by('local').slices.find((s) => s.label === 'source=real')!.n - 1,
      );

      // The headers were sent, and neither value is written anywhere in the report.
      expect(
        seenHeaders.some((h) => h.authorization === 'Bearer inline-secret-9f3' && h['x-api-key'] === 'env-secret-77a'),
      ).toBe(true);
      for (const written of ['report.json', 'report.md', 'metrics.csv']) {
        const text = fs.readFileSync(path.join(root, 'out', 'failing', written), 'utf8');
        expect(text, written).not.toContain('inline-secret-9f3');
        expect(text, written).not.toContain('env-secret-77a');
      }
      expect(JSON.stringify(partial.pipeline)).toContain('"X-Api-Key":"${env:HTTP_LEG_EXP_KEY}"');
      const md = fs.readFileSync(path.join(root, 'out', 'failing', 'report.md'), 'utf8');
      // A saved report (no mean is null in JSON) renders as the live one did.
      expect(renderMarkdown(report).replace(/Wall time [\d.]+ s/, '')).toBe(md.replace(/Wall time [\d.]+ s/, ''));
      expect(md).toContain('## Failed queries');
      expect(md).toContain('### `partial`: 1 failed, scored over the');
      expect(md).toMatch(
        /\| q002 \| leg "api" \| 503 \| leg "api", query q002: GET http:\/\/127\.0\.0\.1:\d+\/partial\?qid=q002/,
      );
      expect(md).toContain('| `down` (6 failed) | – |');
      // The verdict ranks only configurations scored over every query (partial's 5 are not comparable).
      expect(md).not.toMatch(/`partial` is best/);
    },
    timeBudget(180_000),
  );

  it('testbed retrieve writes the answered queries, lists the failures on stderr and exits non-zero', async () => {
    const run = path.join(root, 'partial.trec');
    const pipeline = JSON.stringify({
      legs: [
        {
          type: 'http',
          name: 'api',
          url: `${faultyUrl}/partial?qid={{query_id}}&index=demo&engine=fts5&q={{query}}&k={{k}}&level={{level}}&qlang={{qlang}}`,
          hits: 'hits',
          id: 'doc_id',
          score: 'score',
          retries: 0,
        },
      ],
    });
    const { code, err } = await runCli([
      'retrieve',
      path.join(root, 'data', 'demo.sqlite'),
      '--queries',
      queries,
      '--run',
      run,
      '--pipeline',
      pipeline,
      '--k',
      '10',
    ]);
    expect(code).toBe(1);
    expect(err).toMatch(
      /1 of 6 queries failed and are not in the run:\n {2}leg "api", query q002: GET .* answered 503: \{"error":"shard down"\}/,
    );
    const qids = new Set(
      fs
        .readFileSync(run, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
    );
    expect([...qids].sort()).toEqual(['q001', 'q003', 'q004', 'q005', 'q006']);
  });
});
