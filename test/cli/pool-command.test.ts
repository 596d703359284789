import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { poolCommand } from '../../src/cli/commands/pool-command.js';
import { addJudgement } from '../../src/gold/index.js';
import { tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

const poolCli = (...argv: string[]) => runCli(argv, poolCommand.run);

describe('testbed pool', () => {
  const dir = tmpDir('testbed-pool-cli-');
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  // Scores out of order on purpose: documents are ranked by score, as trec_eval ranks them.
  const bm25 = file('bm25.trec', ['q1 Q0 b 1 5 t', 'q1 Q0 a 2 9 t', 'q1 Q0 c 3 1 t', 'q2 Q0 z 1 3 t'].join('\n'));
  const dense = file(
    'dense.trec',
    ['q1 Q0 d 1 0.9 t', 'q1 Q0 a 2 0.8 t', 'q1 Q0 e 3 0.7 t', 'q2 Q0 y 1 1 t'].join('\n'),
  );
  const qrels = file('qrels.tsv', 'query-id\tcorpus-id\tscore\nq1\ta\t1\nq1\tb\t0\nq2\tz\t2\n');

  it('writes the depth-D union with the grades of the qrels and their additions, and counts holes per run', async () => {
    await addJudgement(qrels, { queryId: 'q1', docId: 'd', grade: 0 });
    const out = path.join(dir, 'out', 'pool.tsv');
    const r = await poolCli(bm25, dense, '--depth', '2', '--qrels', qrels, '--out', out);
    expect(r.code).toBe(0);
    // Top 2 by score: bm25 q1 a (9), b (5); q2 z. dense q1 d, a; q2 y.
    expect(fs.readFileSync(out, 'utf8')).toBe(
      ['query-id\tcorpus-id\tjudged', 'q1\ta\t1', 'q1\tb\t0', 'q1\td\t0', 'q2\ty\t', 'q2\tz\t2', ''].join('\n'),
    );
    // bm25: a, b, z all judged -> 0 of 3; dense: d (added), a judged, y not -> 1 of 3.
    expect(r.out.split('\n')).toEqual([
      `${bm25.padEnd(dense.length)}  0 of its 3 top-2 pairs unjudged (0.0%)`,
      `${dense}  1 of its 3 top-2 pairs unjudged (33.3%)`,
      `pool: 5 pairs (depth 2, 2 runs), 4 judged, 1 unjudged -> ${out}`,
      '',
    ]);
  });

  it('without --qrels every pair is a hole', async () => {
    const out = path.join(dir, 'bare.tsv');
    const r = await poolCli(bm25, '--depth', '1', '--out', out);
    expect(fs.readFileSync(out, 'utf8')).toBe('query-id\tcorpus-id\tjudged\nq1\ta\t\nq2\tz\t\n');
    expect(r.out).toContain('pool: 2 pairs (depth 1, 1 run), 0 judged, 2 unjudged (no --qrels)');
  });

  it('refuses a missing --depth, --out or run, and a depth below 1', async () => {
    await expect(poolCli(bm25, '--out', 'x')).rejects.toThrow(/missing --depth/);
    await expect(poolCli(bm25, '--depth', '3')).rejects.toThrow(/missing --out/);
    await expect(poolCli('--depth', '3', '--out', 'x')).rejects.toThrow(/at least one run file/);
    await expect(poolCli(bm25, '--depth', '0', '--out', 'x')).rejects.toThrow(/--depth must be an integer from 1/);
    await expect(poolCli(bm25, '--depth', '1', '--out', 'x', '--level', 'page')).rejects.toThrow(/--level must be/);
  });
});
