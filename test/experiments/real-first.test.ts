import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const M = 'ndcg@10';

/**
 * The demo's query set mixes real (217) and synthetic (136) queries. Three real ones lose their
 * `source` tag here, as published queries merged with generated ones would: the report records
 * each configuration's means over the tagged real queries alone, counts and names the untagged,
 * and `testbed experiment` prints the real figures first, the pooled ones labelled beside them.
 */
describe('an experiment over real and synthetic queries leads with the real ones', () => {
  it('records the real means, names the untagged queries, and prints real first', {
    timeout: timeBudget(180_000),
  }, async () => {
    const dir = tmpDir('real-first-');
    const untagged = ['q001', 'q002', 'q003'];
    const queries = path.join(dir, 'queries.jsonl');
    const lines = fs
      .readFileSync(path.join(DEMO, 'queries.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { _id: string; metadata: Record<string, unknown> });
    for (const q of lines) if (untagged.includes(q._id)) delete q.metadata.source;
    fs.writeFileSync(queries, lines.map((q) => JSON.stringify(q)).join('\n') + '\n');
    const out = path.join(dir, 'out');
    const file = path.join(dir, 'real-first.yaml');
    fs.writeFileSync(
      file,
      `name: real-first\ncorpus: ${DEMO}\nqueries: ${queries}\nlevel: doc\nmetrics: [${M}]\noutput: ${out}\ngrid:\n  chunkers: [doc]\n  embedders: [none]\n  retrievers: [{ name: bm25, mode: bm25 }]\n`,
    );
    const r = await runCli(['experiment', file, '--cache', path.join(dir, 'cache')]);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8')) as ExperimentReport;
    const bm25 = report.configs[0]!;

    // The real means: the mean of the per-query values over the queries tagged real.
    const real = lines.filter((q) => q.metadata.source === 'real' && q._id in bm25.perQuery).map((q) => q._id);
    const mean = real.reduce((s, q) => s + bm25.perQuery[q]![M]!, 0) / real.length;
    expect(bm25.real!.n).toBe(real.length);
    expect(bm25.real!.means[M]).toBeCloseTo(mean, 12);
    expect(bm25.real!.means[M]).not.toBe(bm25.means[M]);

    const answerableUntagged = untagged.filter((q) => q in bm25.perQuery);
    expect(report.untaggedSources).toEqual({ count: answerableUntagged.length, first: answerableUntagged });

    const f = (x: number) => x.toFixed(4);
    expect(r.out).toContain(
      `  means over the ${real.length} real queries, then (pooled) over all, synthetic included:`,
    );
    expect(r.out).toMatch(new RegExp(`bm25 +${M} ${f(bm25.real!.means[M]!)} .*\\(pooled ${M} ${f(bm25.means[M]!)} `));
    expect(r.out).toContain(
      `warning: ${answerableUntagged.length} queries have no source tag in a set holding synthetic ones (${answerableUntagged.join(' ')}): tag them source: real`,
    );
  });
});
