import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { InputError } from '../../src/errors.js';
import type { ClickJudgement, ClickJudgements } from '../../src/traffic/click-models.js';
import { clickSourcesFile, writeClickQrels } from '../../src/traffic/write-click-qrels.js';
import { tmpDir } from '../helpers/tmp.js';

const root = tmpDir('testbed-click-qrels-');

const judgement = (queryKey: string, docId: string, grade: number, clicks: number): ClickJudgement => ({
  queryKey,
  userQuery: queryKey,
  docId,
  grade,
  score: clicks / 2,
  clicks,
  impressions: 4,
  expectedClicks: 2,
  servedBy: [
    { pipeline: 'bm25', share: 3 / 4 },
    { pipeline: 'bm25+dense rrf', share: 1 / 4 },
  ],
});

function result(judgements: ClickJudgement[]): ClickJudgements {
  return {
    model: 'coec',
    thresholds: [0.5, 1, 2],
    minImpressions: 1,
    maxRank: 10,
    judgements,
    ctrCurve: [],
    positionCurve: { estimate: 'log-ctr', label: 'log-wide CTR (mixes ranker precision in)', points: [] },
    counts: {
      searches: 0,
      searchesWithoutImpressions: 0,
      impressions: 0,
      clicks: 0,
      impressionsAddedByClicks: 0,
      impressionsMovedByClicks: 0,
      queriesKept: 0,
      pairsKept: judgements.length,
      pairsBelowMinImpressions: 0,
      ignored: [],
    },
  };
}

describe('writeClickQrels', () => {
  // Given out of order: the file sorts by query, then document.
  const judgements = [
    judgement('log-bbb', 'd2', 0, 0),
    judgement('log-aaa', 'd9', 3, 5),
    judgement('log-aaa', 'd1', 1, 1),
  ];

  it('writes a BEIR qrels TSV with the grade as score, sorted by query then document', async () => {
    const file = path.join(root, 'beir', 'qrels', 'test.tsv');
    const written = writeClickQrels(file, result(judgements));
    expect(written).toEqual({ qrels: file, sources: `${file}.sources.jsonl` });
    expect(fs.readFileSync(file, 'utf8')).toBe(
      ['query-id\tcorpus-id\tscore', 'log-aaa\td1\t1', 'log-aaa\td9\t3', 'log-bbb\td2\t0', ''].join('\n'),
    );
    // The project's qrels reader keeps the grade-0 row: judged, not relevant.
    const qrels = await readQrels(file);
    expect(qrels.get('log-aaa')?.get('d9')).toBe(3);
    expect(qrels.get('log-bbb')?.get('d2')).toBe(0);
  });

  it('writes a sidecar that marks every grade as coming from clicks', () => {
    const file = path.join(root, 'sidecar.tsv');
    writeClickQrels(file, result(judgements));
    const lines = fs
      .readFileSync(clickSourcesFile(file), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.query_id, l.doc_id])).toEqual([
      ['log-aaa', 'd1'],
      ['log-aaa', 'd9'],
      ['log-bbb', 'd2'],
    ]);
    expect(lines[1]).toEqual({
      query_id: 'log-aaa',
      doc_id: 'd9',
      grade: 3,
      source: 'clicks',
      model: 'coec',
      score: 5 / 2,
      clicks: 5,
      impressions: 4,
      expected_clicks: 2,
      served_by: [
        { pipeline: 'bm25', share: 3 / 4 },
        { pipeline: 'bm25+dense rrf', share: 1 / 4 },
      ],
    });
  });

  it('refuses a document id a TSV cannot hold, before writing anything', () => {
    const dir = path.join(root, 'refused');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'test.tsv');
    fs.writeFileSync(file, 'query-id\tcorpus-id\tscore\nold\tdoc\t1\n');
    expect(() => writeClickQrels(file, result([judgement('log-aaa', 'bad\tid', 1, 1)]))).toThrow(InputError);
    expect(fs.readFileSync(file, 'utf8')).toBe('query-id\tcorpus-id\tscore\nold\tdoc\t1\n');
    expect(fs.readdirSync(dir)).toEqual(['test.tsv']);
  });
});
