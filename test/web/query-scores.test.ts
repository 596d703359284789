import { describe, expect, it } from 'vitest';
import type { HitView } from '../../src/search/types.js';
import { scoreHits } from '../../src/web/playground/query-scores.js';

const hit = (rank: number, id: string): HitView => ({
  rank,
  id,
  doc_id: id.split('#')[0]!,
  score: 1 / rank,
  title: '',
  text: '',
  start: 0,
  end: 0,
});

describe('scores of one list for one query', () => {
  const judged = new Map([
    ['a', 2],
    ['b', 1],
    ['c', 0],
  ]);

  it('hit@k, recall@k and MRR@k over documents', () => {
    const s = scoreHits([hit(1, 'x'), hit(2, 'b'), hit(3, 'c'), hit(4, 'a')], judged, 3);
    expect(s).toEqual({ k: 3, hit: 1, recall: 0.5, mrr: 0.5, relevant: 2 });
  });

  it('credits a document once when several of its passages are listed; passages keep their ranks', () => {
    const s = scoreHits([hit(1, 'x#0'), hit(2, 'b#0'), hit(3, 'b#1'), hit(4, 'a#3')], judged, 4);
    expect(s.recall).toBe(1);
    expect(s.mrr).toBe(0.5);
    const cut = scoreHits([hit(1, 'b#0'), hit(2, 'b#1'), hit(3, 'a#0')], judged, 2);
    expect(cut.recall).toBe(0.5);
  });

  it('a grade-0 judgement is not relevant; no relevant document scores 0', () => {
    expect(scoreHits([hit(1, 'c')], judged, 10)).toMatchObject({ hit: 0, mrr: 0 });
    expect(scoreHits([hit(1, 'c')], new Map(), 10)).toEqual({ k: 10, hit: 0, recall: 0, mrr: 0, relevant: 0 });
  });
});
