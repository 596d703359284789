import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { writeReport } from '../../src/reports/write-report.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
// What this server logs for a BM25 search: the pipeline that ran, its legs named.
const BM25 = { mode: 'bm25', k: 10, level: 'doc', pipeline: { legs: [{ type: 'lexical', name: 'bm25' }] } };

/** A hand-made log: each query searched twice by BM25, its shown documents and one click each time. */
const SEARCHES: { text: string; shown: string[]; clicked: string }[] = [
  {
    text: 'android camera upload',
    shown: ['troubleshoot-mobile-uploads', 'install-mobile-android', 'faq-mobile'],
    clicked: 'troubleshoot-mobile-uploads',
  },
  {
    text: 'selective sync ignore',
    shown: ['selective-sync', 'config-sync-ignore-patterns', 'troubleshoot-missing-files'],
    clicked: 'config-sync-ignore-patterns',
  },
];

function writeLog(dir: string): void {
  const queries: UbiQueryRecord[] = [];
  const events: UbiEventRecord[] = [];
  let n = 0;
  for (const s of SEARCHES)
    for (const repeat of [1, 2]) {
      const id = `q-${++n}`;
      const timestamp = `2025-05-0${repeat}T10:00:0${n}Z`;
      queries.push({
        query_id: id,
        user_query: s.text,
        index: 'demo',
        query_attributes: BM25,
        query_response_hit_ids: s.shown,
        timestamp,
      });
      const ordinal = s.shown.indexOf(s.clicked) + 1;
      events.push({
        action_name: 'click',
        query_id: id,
        timestamp,
        event_attributes: { object: { object_id: s.clicked }, position: { ordinal } },
      });
    }
  fs.mkdirSync(dir, { recursive: true });
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  fs.writeFileSync(path.join(dir, 'ubi_queries-2025-05-01.jsonl'), jsonl(queries));
  fs.writeFileSync(path.join(dir, 'ubi_events-2025-05-01.jsonl'), jsonl(events));
}

/**
 * A gold set made from clicks on a BM25-served log judges only what BM25 showed. The report of
 * an experiment over it names the logged pipeline, marks the configuration that runs it and
 * warns; `testbed eval` of another configuration's run warns with the count of its top-10
 * documents the log never showed.
 */
describe('a click-derived gold set names the pipeline that served the log', () => {
  let dir: string;
  let set: string;
  let qrels: string;
  let report: ExperimentReport;
  let output: string;

  beforeAll(async () => {
    dir = tmpDir('click-bias-');
    const log = path.join(dir, 'log');
    writeLog(log);
    set = path.join(dir, 'set');
    qrels = path.join(set, 'qrels', 'test.tsv');
    const sample = await runCli(['queries', 'sample', log, '--method', 'top', '--n', '2', '--out', set]);
    expect(sample.code, sample.err).toBe(0);
    const judged = await runCli(['gold', 'from-clicks', log, '--out', qrels, '--min-impressions', '1']);
    expect(judged.code, judged.err).toBe(0);
    output = path.join(dir, 'out');
    const config = parseExperimentConfig(`name: clicks
corpus: ${DEMO}
queries: ${path.join(set, 'queries.jsonl')}
qrels: ${qrels}
level: doc
metrics: [ndcg@10]
output: ${output}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
`);
    const result = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    writeReport(output, result.report, result.runs);
    report = result.report;
  }, timeBudget(120_000));

  it('records bm25 as the pipeline behind every click judgement', async () => {
    const lines = fs
      .readFileSync(`${qrels}.sources.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { served_by: unknown });
    // Three documents shown for each of the two queries: six pairs, every impression BM25's.
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l.served_by).toEqual([{ pipeline: 'bm25', share: 1 }]);
  });

  it('the report marks the logged configuration and warns that it is favoured', () => {
    expect(report.clickLog).toEqual({ pairs: 6, servedBy: [{ pipeline: 'bm25', share: 1 }], favoured: ['bm25'] });
    const md = renderMarkdown(report);
    expect(md).toContain('6 judgements come from clicks on a search log served by bm25 (100% of impressions)');
    expect(md).toContain('(`bm25`, marked *) is favoured');
    expect(md).toMatch(/\| `bm25` \* \|/);
    // Every judged document of both configurations' top 10 was judged from clicks.
    for (const c of report.configs) expect(Object.keys(c.sources!.shares)).toEqual(['clicks']);
  });

  it('eval of the dense run warns, counting its top-10 documents the log never showed', async () => {
    const denseRun = path.join(output, 'runs', 'dense.trec');
    const shown = await readQrels(qrels);
    const run = await readTrecRun(denseRun);
    // Over the two judged queries, the dense run's top 10 documents that no click judgement names.
    let documents = 0;
    let unshown = 0;
    let clickShare = 0;
    for (const [qid, judged] of shown) {
      const top = (run.get(qid) ?? []).slice(0, 10);
      documents += top.length;
      unshown += top.filter((d) => !judged.has(d.id)).length;
      clickShare += top.filter((d) => judged.has(d.id)).length / top.length / shown.size;
    }
    expect(unshown).toBeGreaterThan(0);
    const e = await runCli(['eval', qrels, denseRun, '--metrics', 'ndcg@10']);
    expect(e.code, e.err).toBe(0);
    expect(e.err).toContain(
      `warning: 6 judgements come from clicks on a log served by bm25 (100%): they judge only what it showed, so they favour it; ` +
        `${unshown} of this run's ${documents} top-10 documents on those queries were never shown by it and count as not relevant`,
    );
    expect(e.err).toContain(`judgements behind the top 10: clicks ${(100 * clickShare).toFixed(1)}%`);
  });
});
