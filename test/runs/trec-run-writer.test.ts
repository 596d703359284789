import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Hit } from '../../src/retrievers/types.js';
import { writeRun } from '../../src/runs/trec-run-writer.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('testbed-run-writer-');

describe('writeRun', () => {
  it('creates a missing folder (results/ in a fresh clone) and leaves no temp file beside the run', () => {
    const file = path.join(dir, 'results', 'deeper', 'bm25.trec');
    const hits: Hit[] = [
      { id: 'd2', docId: 'd2', chunkId: 'd2#0', rank: 1, score: 2.5 },
      { id: 'd1', docId: 'd1', chunkId: 'd1#0', rank: 2, score: 1 },
    ];
    expect(writeRun(file, [{ qid: 'q1', hits }], 'bm25-postings')).toBe(2);
    expect(fs.readFileSync(file, 'utf8')).toBe('q1 Q0 d2 1 2.5 bm25-postings\nq1 Q0 d1 2 1 bm25-postings\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['bm25.trec']);
  });
});
