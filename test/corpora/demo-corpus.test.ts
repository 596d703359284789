import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { beirPaths, openCorpus, readQrels, readQueries } from '../../src/corpus/index.js';
import { runChild } from '../helpers/run-child.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO = path.join(ROOT, 'corpora/demo');

describe('the bundled demo corpus', () => {
  it('passes its own checker (ids, grades, answers verbatim in a grade-2 page, tags, corpus.jsonl current with pages/)', async () => {
    const check = await runChild(process.execPath, ['--import', 'tsx', path.join(DEMO, 'check-corpus.ts')], {
      cwd: ROOT,
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('OK: all checks passed');
  });

  it('loads through the BEIR readers, with every slice the experiments use', async () => {
    const paths = await beirPaths(DEMO);
    const source = await openCorpus(DEMO);
    let docs = 0;
    const languages = new Set<string>();
    for await (const d of source.docs()) {
      docs++;
      languages.add(String(d.metadata?.language ?? 'en'));
    }
    expect(docs).toBeGreaterThanOrEqual(200);
    expect(docs).toBeLessThanOrEqual(400);
    for (const lang of ['en', 'de', 'fr', 'es', 'ja']) expect(languages).toContain(lang);
    const queries = await readQueries(paths.queries);
    const qrels = await readQrels(paths.qrels);
    expect(queries.length).toBeGreaterThanOrEqual(200);
    const tag = (field: string) => new Set(queries.map((q) => String(q.metadata[field])));
    expect(tag('type')).toEqual(new Set(['identifier', 'conceptual', 'comparison', 'how-to']));
    expect(tag('source')).toEqual(new Set(['real', 'synthetic']));
    expect(tag('popularity')).toEqual(new Set(['head', 'tail']));
    const unanswerable = queries.filter((q) => !qrels.has(q.id)).length / queries.length;
    expect(unanswerable).toBeGreaterThan(0.05);
    expect(unanswerable).toBeLessThan(0.15);
  });
});
