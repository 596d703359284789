import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { datasetRoot, missingBeirFiles } from '../../../src/corpus/download/beir-layout.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';

const base = tmpDir('testbed-layout-');
const fresh = (): string => fs.mkdtempSync(path.join(base, 'x-'));

describe('BEIR layout checks', () => {
  it('datasetRoot unwraps a single top-level folder, ignoring macOS debris, but not a flat layout', async () => {
    const nested = fresh();
    fs.cpSync(TINY_BEIR, path.join(nested, 'scifact'), { recursive: true });
    fs.mkdirSync(path.join(nested, '__MACOSX'));
    expect(await datasetRoot(nested)).toBe(path.join(nested, 'scifact'));

    const flat = fresh();
    fs.cpSync(TINY_BEIR, flat, { recursive: true });
    expect(await datasetRoot(flat)).toBe(flat);

    const two = fresh();
    fs.mkdirSync(path.join(two, 'a'));
    fs.mkdirSync(path.join(two, 'b'));
    expect(await datasetRoot(two)).toBe(two);
  });

  it('missingBeirFiles names each missing piece, and the evaluation split when asked', async () => {
    expect(await missingBeirFiles(TINY_BEIR)).toEqual([]);
    expect(await missingBeirFiles(TINY_BEIR, { split: 'test' })).toEqual([]);
    expect(await missingBeirFiles(TINY_BEIR, { split: 'dev' })).toEqual(['qrels/dev.tsv']);
    expect(await missingBeirFiles(path.join(base, 'absent'))).toEqual(['corpus.jsonl', 'queries.jsonl', 'qrels/*.tsv']);
    const noQrels = fresh();
    fs.copyFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), path.join(noQrels, 'corpus.jsonl'));
    fs.mkdirSync(path.join(noQrels, 'qrels'));
    expect(await missingBeirFiles(noQrels)).toEqual(['queries.jsonl', 'qrels/*.tsv']);
  });

  it('a layout with parts (cqadupstack) needs a BEIR folder in every part', async () => {
    const dir = fresh();
    fs.cpSync(TINY_BEIR, path.join(dir, 'android'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'gis'));
    expect(await missingBeirFiles(dir, { split: 'test', parts: ['android', 'gis'] })).toEqual([
      'gis/corpus.jsonl',
      'gis/queries.jsonl',
      'gis/qrels/*.tsv',
    ]);
    fs.cpSync(TINY_BEIR, path.join(dir, 'gis'), { recursive: true });
    expect(await missingBeirFiles(dir, { split: 'test', parts: ['android', 'gis'] })).toEqual([]);
  });
});
