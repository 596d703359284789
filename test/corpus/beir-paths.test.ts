import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { beirPaths } from '../../src/corpus/beir-paths.js';
import { TINY_BEIR, tmpDir, writeTmp } from './helpers.js';

describe('beirPaths', () => {
  it('returns the three absolute paths of the test split', async () => {
    expect(await beirPaths(TINY_BEIR)).toEqual({
      corpus: join(TINY_BEIR, 'corpus.jsonl'),
      queries: join(TINY_BEIR, 'queries.jsonl'),
      qrels: join(TINY_BEIR, 'qrels', 'test.tsv'),
    });
  });

  it('names a missing split and the splits that exist', async () => {
    const err = await beirPaths(TINY_BEIR, 'dev').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toContain('qrels/dev.tsv');
    expect((err as Error).message).toContain('splits present: test');
  });

  it('names every missing file of an incomplete folder', async () => {
    const dir = tmpDir();
    writeTmp(dir, 'corpus.jsonl', '{"_id": "a", "text": "t"}\n');
    const err = await beirPaths(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toContain('missing queries.jsonl, qrels/test.tsv');
  });

  it('rejects a missing folder and a split name that is a path', async () => {
    await expect(beirPaths(join(tmpDir(), 'absent'))).rejects.toThrow(/BEIR folder not found/);
    await expect(beirPaths(TINY_BEIR, '../test')).rejects.toThrow(/split name.*"\.\.\/test"/);
  });
});
