import { describe, expect, it } from 'vitest';
import { keepTop } from '../../src/runs/keep-top.js';
import type { Run } from '../../src/runs/run.js';

describe('keepTop', () => {
  it('passes every query through whole and keeps of each only its first `keep` documents', async () => {
    const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i + 1}`, score: n - i }));
    async function* run() {
      yield { qid: 'q1', docs: docs(3) };
      yield { qid: 'q2', docs: docs(1) };
      yield { qid: 'q3', docs: docs(0) };
    }
    const top: Run = new Map();
    const passed = [];
    for await (const q of keepTop(run(), top, 2)) passed.push(q);
    expect(passed).toEqual([
      { qid: 'q1', docs: docs(3) },
      { qid: 'q2', docs: docs(1) },
      { qid: 'q3', docs: [] },
    ]);
    // q1's 3 documents cut to 2; q2's single one and q3's none kept as they are.
    expect([...top]).toEqual([
      ['q1', docs(3).slice(0, 2)],
      ['q2', docs(1)],
      ['q3', []],
    ]);
  });
});
