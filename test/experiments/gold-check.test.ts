import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

describe('an experiment refuses qrels that name unknown queries or documents', () => {
  const dir = tmpDir('gold-check-');
  const run = (corpus: string) =>
    runExperiment(
      parseExperimentConfig(
        `name: g\ncorpus: ${corpus}\noutput: ${path.join(dir, 'out')}\ngrid:\n  embedders: [none]\n  retrievers: [{ name: bm25, mode: bm25 }]\n`,
      ),
      { cacheDir: path.join(dir, 'cache') },
    );
  const withQrels = (name: string, extra: string) => {
    const corpus = path.join(dir, name);
    fs.cpSync(TINY_BEIR, corpus, { recursive: true });
    fs.appendFileSync(path.join(corpus, 'qrels', 'test.tsv'), extra);
    return corpus;
  };

  it('an unknown document, with file and line', async () => {
    const corpus = withQrels('bad-doc', 'q2\tno-such-page\t1\n');
    await expect(run(corpus)).rejects.toThrow(
      `${path.join(corpus, 'qrels', 'test.tsv')}:8 (field "corpus-id"): document "no-such-page" (query "q2") is not in the corpus`,
    );
  });

  it('an unknown query, with file and line', async () => {
    const corpus = withQrels('bad-query', 'q99\tplans\t1\n');
    await expect(run(corpus)).rejects.toThrow(
      `${path.join(corpus, 'qrels', 'test.tsv')}:8 (field "query-id"): query "q99" is not in the queries file`,
    );
  });
});
