import fs from 'node:fs';
import path from 'node:path';
import { TINY_BEIR } from '../../helpers/tmp.js';
import type { WebServer } from './web-server.js';

/** A gold set of its own for the judging journey, and a pool to judge from it. */
export interface JudgingPool {
  /** The judging page for this gold set and pool, without a judge's name. */
  url: string;
  /** Where POST /gold appends for this gold set. */
  additionsFile: string;
  /** The pool's unjudged pairs: `query-id document-id`. */
  holes: string[];
}

// q4's install-linux is judged (grade 2) in the tiny qrels: it is in the pool, and never shown.
const POOL = [
  'query-id\tcorpus-id\tjudged',
  'q3\trelease-3-2\t',
  'q4\tde-install\t',
  'q4\tinstall-linux\t2',
  'q4\tinstall-mac\t',
  'q5\tde-install\t',
  'q5\tinstall-linux\t',
  'q5\tinstall-mac\t',
];

/**
 * Copies the tiny fixture to `corpora/judging` (its additions are then this journey's alone,
 * whatever the other tests mark on `tiny`) and writes a seven-pair pool with six holes to
 * `results/judging/pool.tsv`, where the page finds an experiment's pool.
 */
export function writeJudgingPool(server: WebServer): JudgingPool {
  const dir = path.join(server.corporaRoot, 'judging');
  fs.cpSync(TINY_BEIR, dir, { recursive: true });
  const poolDir = path.join(server.root, 'results', 'judging');
  fs.mkdirSync(poolDir, { recursive: true });
  fs.writeFileSync(path.join(poolDir, 'pool.tsv'), POOL.join('\n') + '\n');
  const params = new URLSearchParams({ qrels: 'judging/qrels/test.tsv', pool: 'results:judging/pool.tsv' });
  return {
    url: `/judge?${params}`,
    additionsFile: path.join(dir, 'qrels', 'test.tsv.additions.jsonl'),
    holes: POOL.slice(1)
      .map((line) => line.split('\t'))
      .filter(([, , judged]) => judged === '')
      .map(([q, d]) => `${q} ${d}`),
  };
}
