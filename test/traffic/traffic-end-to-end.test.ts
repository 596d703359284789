import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { startLoggedServer } from '../http/helpers/logged-server.js';

/**
 * The whole path from traffic to a score: searches sent to `testbed serve --log-queries`, clicks
 * posted for their query_ids, a query set sampled from the log and click judgements derived from
 * it, and an experiment over the two reporting head, torso and tail. Then the same log, exported
 * the way OpenSearch's UBI plugin stores it (written here from the UBI 1.3.0 schema, not by our
 * writer), gives byte-identical files.
 */

/**
 * The traffic: [text as typed, times asked, the document the user wants]. 24 searches; by
 * cumulative share before each query (most frequent first): the Linux install at 0/24 is head,
 * session expiry at 12/24 and password reset at 17/24 are torso (below 0.8), the three asked once
 * at 21/24, 22/24 and 23/24 are tail. Spelling and spacing vary so normalising has work.
 */
const TRAFFIC: [string[], number, string][] = [
  [['install harbor on linux', 'Install Harbor on Linux', 'install  harbor on LINUX'], 12, 'install-linux'],
  [['session token expired', 'Session token expired'], 5, 'error-e1042'],
  [['reset forgotten password'], 4, 'faq-reset'],
  [['storage quota exceeded'], 1, 'error-e2210'],
  [['upload a file api'], 1, 'api-upload'],
  [['compare plans'], 1, 'plans'],
];

let url: string;
let stop: () => Promise<void>;
let root: string;
let logDir: string;

beforeAll(async () => {
  root = tmpDir('traffic-e2e-');
  const server = await startLoggedServer(root, {
    corpus: TINY_BEIR,
    index: 'tiny',
    chunker: 'structure:40',
    embedder: createHashEmbedder(64),
    workers: 0,
  });
  ({ url, logDir } = server);
  stop = server.close;
}, timeBudget(60_000));
afterAll(async () => stop?.());

interface SearchAnswer {
  query_id: string;
  hits: { rank: number; doc_id: string }[];
}

async function search(q: string, client: string): Promise<{ answer: SearchAnswer; header: string | null }> {
  const res = await fetch(`${url}/search/bm25?index=tiny&level=doc&k=5&q=${encodeURIComponent(q)}`, {
    headers: { 'X-Client-Id': client },
  });
  expect(res.status).toBe(200);
  return { answer: (await res.json()) as SearchAnswer, header: res.headers.get('X-Query-Id') };
}

async function postEvents(events: unknown[]): Promise<void> {
  const res = await fetch(`${url}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  expect(await res.json()).toEqual({ accepted: events.length });
}

const readLog = (kind: 'queries' | 'events') =>
  fs
    .readdirSync(logDir)
    .filter((f) => f.startsWith(`ubi_${kind}-`))
    .sort()
    .flatMap((f) => fs.readFileSync(path.join(logDir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as unknown);

describe('from served traffic to an experiment sliced head, torso and tail', () => {
  const clicked = new Map<string, number>();
  let searches = 0;

  it('logs every search with its query_id and takes the clicks posted for them', async () => {
    let n = 0;
    for (const [forms, times, wanted] of TRAFFIC) {
      for (let i = 0; i < times; i++) {
        const text = forms[i % forms.length]!;
        const { answer, header } = await search(text, `user-${n % 4}`);
        expect(answer.query_id).toBe(header);
        n++;
        // Every search but every third of the head query clicks the wanted page where it was shown.
        const hit = answer.hits.find((h) => h.doc_id === wanted);
        if (!hit || (times === 12 && i % 3 === 2)) continue;
        await postEvents([
          {
            action_name: 'click',
            query_id: answer.query_id,
            client_id: `user-${(n - 1) % 4}`,
            timestamp: new Date().toISOString(),
            event_attributes: { object: { object_id: wanted }, position: { ordinal: hit.rank } },
          },
        ]);
        clicked.set(wanted, (clicked.get(wanted) ?? 0) + 1);
      }
    }
    searches = n;
    const queries = readLog('queries') as UbiQueryRecord[];
    expect(queries).toHaveLength(24);
    expect(new Set(queries.map((q) => q.query_id)).size).toBe(24);
    expect(queries.every((q) => q.index === 'tiny' && q.client_id?.startsWith('user-'))).toBe(true);
    const events = readLog('events') as UbiEventRecord[];
    expect(events).toHaveLength([...clicked.values()].reduce((a, b) => a + b, 0));
    // Every query the user wanted got at least one click: the tail too, or it would have no judgement.
    expect([...clicked.keys()].sort()).toEqual(TRAFFIC.map(([, , doc]) => doc).sort());
  });

  it(
    'samples the log, judges its clicks and scores an experiment with a slice per band',
    async () => {
      expect(searches).toBe(24);
      const set = path.join(root, 'set');
      const sample = await runCli(['queries', 'sample', logDir, '--method', 'top', '--n', '100', '--out', set]);
      expect(sample.code).toBe(0);
      expect(sample.out).toMatch(/read 24 searches; 6 distinct queries/);
      const written = fs
        .readFileSync(path.join(set, 'queries.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { text: string; metadata: { band: string; frequency: number } });
      expect(written.map((q) => [q.metadata.frequency, q.metadata.band])).toEqual([
        [12, 'head'],
        [5, 'torso'],
        [4, 'torso'],
        [1, 'tail'],
        [1, 'tail'],
        [1, 'tail'],
      ]);
      const qrels = path.join(set, 'qrels', 'test.tsv');
      const judged = await runCli([
        'gold',
        'from-clicks',
        logDir,
        '--model',
        'coec',
        '--min-impressions',
        '1',
        '--queries',
        path.join(set, 'queries.jsonl'),
        '--out',
        qrels,
      ]);
      expect(judged.code).toBe(0);
      expect(judged.out).toMatch(/query set: 6 of its 6 queries judged/);

      const out = path.join(root, 'experiment');
      const { report } = await runExperiment(
        parseExperimentConfig(`name: from-traffic
corpus: ${TINY_BEIR}
queries: ${path.join(set, 'queries.jsonl')}
qrels: ${qrels}
level: doc
ks: [1, 5, 10]
context_k: 5
rerank_depth: 10
metrics: [ndcg@10]
slices: [band]
output: ${out}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [porter]
  retrievers:
    - { name: bm25, mode: bm25 }
`),
        { cacheDir: path.join(root, 'cache') },
      );
      const slices = report.configs[0]!.slices.map((s) => [s.label, s.n]);
      expect(slices).toEqual([
        ['band=tail', 3],
        ['band=torso', 2],
        ['band=head', 1],
      ]);
      expect(renderMarkdown(report)).toMatch(/### band=head \(1 quer/);
    },
    timeBudget(60_000),
  );

  it('reads the same log, exported as OpenSearch stores UBI, into the same query set and qrels', async () => {
    // An export written from the UBI 1.3.0 schema: ubi_queries documents as NDJSON search hits
    // (_index, _id, _source) and ubi_events as one JSON array of the documents themselves.
    const exported = path.join(root, 'export');
    fs.mkdirSync(exported);
    const queries = readLog('queries') as Record<string, unknown>[];
    fs.writeFileSync(
      path.join(exported, 'ubi_queries.ndjson'),
      queries
        .map((q) => {
          const source = {
            application: 'harbor-docs',
            query_id: q.query_id,
            client_id: q.client_id,
            user_query: q.user_query,
            timestamp: q.timestamp,
            // UBI's free-form query_attributes carry the pipeline that served the search, as ours does.
            query_attributes: q.query_attributes,
            query_response_hit_ids: q.query_response_hit_ids,
          };
          return JSON.stringify({ _index: 'ubi_queries', _id: q.query_id, _source: source });
        })
        .join('\n') + '\n',
    );
    const events = (readLog('events') as UbiEventRecord[]).map((e) => ({
      application: 'harbor-docs',
      action_name: e.action_name,
      query_id: e.query_id,
      client_id: e.client_id,
      timestamp: e.timestamp,
      message_type: 'CLICK_THROUGH',
      event_attributes: {
        object: { object_id: e.event_attributes?.object?.object_id, object_id_field: '_id' },
        position: { ordinal: e.event_attributes?.position?.ordinal },
      },
    }));
    fs.writeFileSync(path.join(exported, 'ubi_events.json'), JSON.stringify(events, null, 2));

    const fromLog = path.join(root, 'from-log');
    const fromExport = path.join(root, 'from-export');
    for (const [source, dir] of [
      [logDir, fromLog],
      [exported, fromExport],
    ] as const) {
      expect((await runCli(['queries', 'sample', source, '--method', 'pps', '--n', '4', '--out', dir])).code).toBe(0);
      const qrels = ['--out', path.join(dir, 'qrels.tsv'), '--min-impressions', '1'];
      expect((await runCli(['gold', 'from-clicks', source, ...qrels])).code).toBe(0);
    }
    for (const file of ['queries.jsonl', 'qrels.tsv', 'qrels.tsv.sources.jsonl'])
      expect(fs.readFileSync(path.join(fromExport, file), 'utf8'), file).toBe(
        fs.readFileSync(path.join(fromLog, file), 'utf8'),
      );
  });
});
