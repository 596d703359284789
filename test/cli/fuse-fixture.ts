import fs from 'node:fs';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

/**
 * A temp folder for one test file, a writer of small files in it, and two leg runs. Their lines
 * are deliberately out of order and carry wrong rank columns (trec_eval reads the scores, not
 * the ranks); they hold ties inside a run (bm25 q1 d2/d3 and q3 d8/d9, dense q1 d1/é), a query
 * in one run only (q3, q4) and an id outside ASCII.
 */
export function fuseFixture() {
  const dir = tmpDir('testbed-fuse-');
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const BM25 = file(
    'bm25.trec',
    `q1 Q0 d4 1 3.0 bm25
q1 Q0 d1 2 12.5 bm25
q1 Q0 d2 3 9.1 bm25
q1 Q0 d3 4 9.1 bm25
q1 Q0 d5 5 1.0 bm25
q2 Q0 d7 1 2 bm25
q2 Q0 d2 2 4 bm25
q3 Q0 d9 1 1 bm25
q3 Q0 d8 1 1 bm25
`,
  );
  const DENSE = file(
    'dense.trec',
    `q1 Q0 d1 1 0.5 dense
q1 Q0 d3 2 0.81 dense
q1 Q0 é 3 0.5 dense
q1 Q0 d6 4 0.79 dense
q2 Q0 d1 1 0.1 dense
q2 Q0 d7 2 0.9 dense
q2 Q0 d2 3 0.3 dense
q4 Q0 x 1 0.3 dense
`,
  );
  return { dir, file, BM25, DENSE };
}

export const fuse = (...argv: string[]) => runCli(['fuse', ...argv]);
