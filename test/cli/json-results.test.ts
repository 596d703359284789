import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyBeirCopy } from '../gold/helpers.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { fuse, fuseFixture } from './fuse-fixture.js';

/**
 * `--json` on the commands that print a result: stdout parses as one JSON document whose fields
 * hold the worked example's figures; the lines a person reads go to stderr.
 */
const dir = tmpDir('testbed-json-results-');
const write = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
};

describe('fuse --json', () => {
  const { dir: fuseDir, BM25, DENSE } = fuseFixture();

  it('the fused run and each run read: bm25 3 queries of 9 lines, dense 3 of 8, one query each alone', async () => {
    const out = path.join(fuseDir, 'json.trec');
    const r = await fuse(BM25, DENSE, '--method', 'rrf', '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    // q1 7 documents, q2 3, q3 2 (bm25 only), q4 1 (dense only)
    expect(JSON.parse(r.out)).toEqual({
      out,
      method: 'rrf',
      tag: 'fuse-rrf',
      queries: 4,
      lines: 7 + 3 + 2 + 1,
      k: 1000,
      depth: null,
      runs: [
        { file: BM25, name: 'bm25', weight: 1, queries: 3, lines: 5 + 2 + 2, alone: 1 },
        { file: DENSE, name: 'dense', weight: 1, queries: 3, lines: 4 + 3 + 1, alone: 1 },
      ],
    });
    expect(r.err).toContain(`wrote ${out}: 4 queries`);
  });
});

describe('pool --json', () => {
  it('the pool of two runs at depth 2: bm25 q1 a b, q2 z; dense q1 d a, q2 y: 5 pairs, none judged', async () => {
    const bm25 = write(
      'pool/bm25.trec',
      ['q1 Q0 b 1 5 t', 'q1 Q0 a 2 9 t', 'q1 Q0 c 3 1 t', 'q2 Q0 z 1 3 t', ''].join('\n'),
    );
    const dense = write('pool/dense.trec', ['q1 Q0 d 1 0.9 t', 'q1 Q0 a 2 0.8 t', 'q2 Q0 y 1 1 t', ''].join('\n'));
    const out = path.join(dir, 'pool', 'pool.tsv');
    const r = await runCli(['pool', bm25, dense, '--depth', '2', '--out', out, '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      out,
      depth: 2,
      level: 'doc',
      pairs: 5,
      judged: 0,
      unjudged: 5,
      runs: [
        { name: bm25, pairs: 3, unjudged: 3 },
        { name: dense, pairs: 3, unjudged: 3 },
      ],
    });
    expect(r.err).toContain('pool: 5 pairs');
  });
});

/** A search log: "invoice" searched twice (its document clicked once, at ordinal 1), "refund policy" once. */
function writeLog(): string {
  const search = (id: string, q: string, hits: string[]) =>
    JSON.stringify({ query_id: id, user_query: q, query_response_hit_ids: hits, timestamp: '2025-03-04T05:06:07Z' });
  write(
    'log/ubi_queries-2025-03-04.jsonl',
    [
      search('s1', 'invoice', ['inv']),
      search('s2', 'Invoice', ['inv']),
      search('s3', 'refund policy', ['refund']),
    ].join('\n') + '\n',
  );
  write(
    'log/ubi_events-2025-03-04.jsonl',
    JSON.stringify({
      action_name: 'click',
      query_id: 's1',
      timestamp: '2025-03-04T05:06:09Z',
      event_attributes: { object: { object_id: 'inv' }, position: { ordinal: 1 } },
    }) + '\n',
  );
  return path.join(dir, 'log');
}

describe('queries sample --json and gold from-clicks --json', () => {
  it('sample: 3 searches, 2 distinct queries, both taken; invoice (2 of 3 searches) heads the traffic', async () => {
    const log = writeLog();
    const out = path.join(dir, 'sample');
    const r = await runCli(['queries', 'sample', log, '--method', 'top', '--n', '5', '--out', out, '--json']);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({
      file: path.join(out, 'queries.jsonl'),
      method: 'top',
      seed: null,
      searches: 3,
      distinct_queries: 2,
      sampled: 2,
      took_all: true,
      zero_hit_queries: 0,
    });
    expect(result.by_band.head + result.by_band.torso + result.by_band.tail).toBe(2);
    expect(result.bands[0]).toMatchObject({ band: 'head', queries: 1, min_frequency: 2, max_frequency: 2 });
    expect(result.bands[0].share).toBeCloseTo(2 / 3, 12);
    expect(r.err).toContain('sampled 2 of 2 queries (top)');
  });

  it('from-clicks (ctr): invoice/inv shown twice, clicked once, ctr 1/2, grade 3; refund shown once, dropped', async () => {
    const log = writeLog();
    const qrels = path.join(dir, 'clicks', 'test.tsv');
    const r = await runCli([
      'gold',
      'from-clicks',
      log,
      '--model',
      'ctr',
      '--min-impressions',
      '2',
      '--out',
      qrels,
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({
      qrels,
      model: 'ctr',
      min_impressions: 2,
      searches: 3,
      clicks: 1,
      queries_kept: 1,
      pairs_kept: 1,
      pairs_below_min_impressions: 1,
      query_set: null,
    });
    // grades at the ctr thresholds: 1/2 reaches the third, so one pair of grade 3
    const grade = (score: number) => result.thresholds.filter((t: number) => score >= t).length;
    expect(grade(1 / 2)).toBe(3);
    expect(result.grades).toEqual([0, 0, 0, 1]);
    // ordinal 1: three impressions (inv, inv, refund), one click
    expect(result.ctr_curve[0]).toEqual({ ordinal: 1, impressions: 3, clicks: 1, ctr: 1 / 3 });
  });
});

describe('gold add, remove and ask --json', () => {
  it('add prints the addition as recorded; remove what it took back and what the pair reads as now', async () => {
    const qrels = tinyBeirCopy();
    const added = await runCli(['gold', 'add', qrels, 'q1', 'faq-reset', '--grade', '0', '--judge', 'Bo', '--json']);
    expect(added.code, added.err).toBe(0);
    const addition = JSON.parse(added.out);
    expect(addition).toMatchObject({
      query_id: 'q1',
      doc_id: 'faq-reset',
      grade: 0,
      judge: 'Bo',
      file: `${qrels}.additions.jsonl`,
    });
    expect(added.err).toContain('recorded query "q1" document "faq-reset" grade 0');

    const removed = await runCli(['gold', 'remove', qrels, 'q1', 'faq-reset', '--json']);
    expect(removed.code, removed.err).toBe(0);
    // The qrels file grades q1 faq-reset 2: that is what the pair reads as again.
    expect(JSON.parse(removed.out)).toEqual({
      query_id: 'q1',
      doc_id: 'faq-reset',
      removed: [{ date: addition.date, query_id: 'q1', doc_id: 'faq-reset', grade: 0, judge: 'Bo' }],
      file: `${qrels}.additions.jsonl`,
      remaining: 0,
      published: 2,
    });
  });

  it('ask prints the question recorded and its judgements', async () => {
    const qrels = tinyBeirCopy();
    const r = await runCli([
      'gold',
      'ask',
      qrels,
      '--text',
      'How do I rotate the key?',
      '--judge',
      'Ann',
      '--doc',
      'plans:0',
      '--doc',
      'install-linux:3',
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.query).toMatchObject({
      text: 'How do I rotate the key?',
      metadata: { source: 'expert', judge: 'Ann' },
    });
    expect(result.query.id).toMatch(/^exp-[0-9a-f]{12}$/);
    expect(result.additions_file).toBe(`${qrels}.additions.jsonl`);
    expect(result.judgements.map((a: { doc_id: string; grade: number }) => [a.doc_id, a.grade])).toEqual([
      ['plans', 0],
      ['install-linux', 3],
    ]);
  });
});
