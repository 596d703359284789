import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQueries } from '../../src/corpus/read-queries.js';
import type { Band } from '../../src/traffic/bands.js';
import type { CountedQuery } from '../../src/traffic/count-queries.js';
import { writeQuerySet } from '../../src/traffic/write-query-set.js';
import { tmpDir } from '../helpers/tmp.js';

const root = tmpDir('testbed-query-set-');

const counted = (key: string, text: string, frequency: number, zeroHits: number): CountedQuery => ({
  key,
  text,
  normalized: text.toLowerCase(),
  frequency,
  zeroHits,
});

describe('writeQuerySet', () => {
  const queries = [
    counted('log-aaaaaaaaaaaa', 'Reset Password', 9, 0),
    counted('log-bbbbbbbbbbbb', 'kubernetes operator', 3, 3),
    counted('log-cccccccccccc', 'install "linux"', 2, 1),
  ];
  const bands = new Map<string, Band>([
    ['log-aaaaaaaaaaaa', 'head'],
    ['log-bbbbbbbbbbbb', 'torso'],
    ['log-cccccccccccc', 'tail'],
  ]);

  it('writes a BEIR queries.jsonl tagged source log, band, frequency and zero hits', async () => {
    const out = path.join(root, 'set-1');
    const file = writeQuerySet(out, queries, bands);
    expect(file).toBe(path.join(out, 'queries.jsonl'));
    const lines = fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        _id: 'log-aaaaaaaaaaaa',
        text: 'Reset Password',
        metadata: { source: 'log', band: 'head', frequency: 9, zero_hits: false },
      },
      {
        _id: 'log-bbbbbbbbbbbb',
        text: 'kubernetes operator',
        metadata: { source: 'log', band: 'torso', frequency: 3, zero_hits: true },
      },
      {
        _id: 'log-cccccccccccc',
        text: 'install "linux"',
        metadata: { source: 'log', band: 'tail', frequency: 2, zero_hits: false },
      },
    ]);
    // The project's own reader takes it, metadata and all.
    const read = await readQueries(file);
    expect(read.map((q) => [q.id, q.text, q.metadata.band])).toEqual([
      ['log-aaaaaaaaaaaa', 'Reset Password', 'head'],
      ['log-bbbbbbbbbbbb', 'kubernetes operator', 'torso'],
      ['log-cccccccccccc', 'install "linux"', 'tail'],
    ]);
    expect(fs.readdirSync(out)).toEqual(['queries.jsonl']);
  });

  it('replaces an earlier set whole and leaves no temp file', () => {
    const out = path.join(root, 'set-2');
    writeQuerySet(out, queries, bands);
    writeQuerySet(out, queries.slice(0, 1), bands);
    expect(fs.readFileSync(path.join(out, 'queries.jsonl'), 'utf8').trimEnd().split('\n')).toHaveLength(1);
    expect(fs.readdirSync(out)).toEqual(['queries.jsonl']);
  });

  it('refuses a query with no band, writing nothing', () => {
    const out = path.join(root, 'set-3');
    expect(() => writeQuerySet(out, queries, new Map([['log-aaaaaaaaaaaa', 'head']]))).toThrow(/no band/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('leaves nothing behind when the file cannot be put in place', () => {
    const out = path.join(root, 'set-4');
    // A folder where queries.jsonl should go: the rename fails, and the temp file must go with it.
    fs.mkdirSync(path.join(out, 'queries.jsonl'), { recursive: true });
    expect(() => writeQuerySet(out, queries, bands)).toThrow();
    expect(fs.readdirSync(out)).toEqual(['queries.jsonl']);
    expect(fs.statSync(path.join(out, 'queries.jsonl')).isDirectory()).toBe(true);
  });
});
