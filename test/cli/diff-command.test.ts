import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { twoReports } from '../reports/diff/two-reports.js';

/** The two worked-example reports (test/reports/diff/two-reports.ts) saved as `testbed experiment` saves them. */
function saved() {
  const dir = tmpDir('testbed-diff-');
  const { a, b } = twoReports();
  const fileA = path.join(dir, 'before', 'report.json');
  const folderB = path.join(dir, 'after');
  fs.mkdirSync(path.dirname(fileA), { recursive: true });
  fs.mkdirSync(folderB, { recursive: true });
  fs.writeFileSync(fileA, JSON.stringify(a));
  fs.writeFileSync(path.join(folderB, 'report.json'), JSON.stringify(b));
  return { dir, fileA, folderB };
}

describe('testbed diff', () => {
  const { dir, fileA, folderB } = saved();

  it('takes a report.json and a folder; prints the tables on stdout and one summary line on stderr', async () => {
    const r = await runCli(['diff', fileA, folderB]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('# after (B) against before (A)');
    expect(r.out).toContain('| bm25 | -0.0250 | tie |');
    expect(r.out).toContain('## hybrid: 3 better, 0 worse, 1 tied');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^diff: 2 configurations in both reports \(1 only in A, 1 only in B\)/);
  });

  it('--json: the diff model, --top and --metric applied', async () => {
    const r = await runCli(['diff', fileA, folderB, '--json', '--top', '1', '--metric', 'mrr@10']);
    expect(r.code).toBe(0);
    const d = JSON.parse(r.out);
    expect(Object.keys(d)).toEqual([
      'a',
      'b',
      'metric',
      'metrics',
      'onlyInA',
      'onlyInB',
      'queries',
      'configs',
      'judgements',
    ]);
    // The worked-example reports were saved without the qrels they were scored with.
    expect(d.judgements.kind).toBe('unknown');
    expect(d.metric).toBe('mrr@10');
    expect(d.onlyInA).toEqual(['dense']);
    expect(d.onlyInB).toEqual(['splade']);
    const bm25 = d.configs[0];
    expect(Object.keys(bm25)).toEqual(['name', 'means', 'counts', 'moved']);
    // mrr@10 on bm25: only q4 moved (0.4 -> 0.40012, prints +0.0001); the rest tie.
    expect(bm25.counts).toEqual({ wins: 1, losses: 0, ties: 3 });
    expect(bm25.moved).toHaveLength(1);
    expect(bm25.moved[0]).toMatchObject({ id: 'q4', text: 'harbor port', outcome: 'win' });
  });

  it("a report saved before query texts were recorded has them read from its config's queries file, said on stderr", async () => {
    const { a } = twoReports();
    const queries = path.join(TINY_BEIR, 'queries.jsonl');
    a.config.queries = queries;
    const old = path.join(dir, 'old.json');
    fs.writeFileSync(old, JSON.stringify(a));
    // B is the old report now: bm25 q3 0.5 -> 0.8 moved most; its text is tiny-beir's q3
    const r = await runCli(['diff', folderB, old, '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`B (${old}) was saved before reports recorded query texts: read them from ${queries}\n`);
    expect(JSON.parse(r.out).configs[0].moved[0]).toMatchObject({
      id: 'q3',
      text: 'how much storage does the team plan include',
    });
  });

  it('exit 2 naming the file: missing, a folder without report.json, not JSON, not a report', async () => {
    const missing = path.join(dir, 'nope.json');
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"name": ');
    const other = path.join(dir, 'other.json');
    fs.writeFileSync(other, '{"name": "x"}');
    for (const [file, message] of [
      [missing, `${missing}: no such file or folder`],
      [empty, `${path.join(empty, 'report.json')}: the folder has no report.json`],
      [broken, `${broken}: not valid JSON`],
      [other, `${other}: not an experiment report`],
    ] as const) {
      const r = await runCli(['diff', fileA, file]);
      expect(r.code, file).toBe(2);
      expect(r.err, file).toContain(message);
      expect(r.err, file).not.toMatch(/\n\s+at /);
    }
  });

  it('exit 2 on one report, an unknown --metric or a bad --top', async () => {
    expect((await runCli(['diff', fileA])).code).toBe(2);
    const metric = await runCli(['diff', fileA, folderB, '--metric', 'recall@5']);
    expect(metric.code).toBe(2);
    expect(metric.err).toContain('metric "recall@5" is not one both reports scored');
    expect((await runCli(['diff', fileA, folderB, '--top', '0'])).code).toBe(2);
  });

  it('is listed by testbed --help', async () => {
    const r = await runCli(['--help']);
    expect(r.out).toMatch(/\bdiff\b.*compare two experiment reports/);
  });
});
