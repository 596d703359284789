import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { rankingOf, trecOrder } from '../../src/runs/run.js';
import { tmpDir } from '../helpers/tmp.js';
import { evalFixture } from './helpers.js';
import { inputError } from '../helpers/input-error.js';

const dir = tmpDir('testbed-runs-');

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('readTrecRun', () => {
  it('orders by score, ties by docid descending, ignoring the rank column', async () => {
    const run = await readTrecRun(evalFixture('run.txt'));
    // q1 scores: d3 9.5; d1, d9, d10 tied at 7 ("7" and "7.0" are one number); d2 3; d4 0.5.
    // Descending byte order of the tied ids: "d9" > "d10" > "d1".
    expect(rankingOf(run, 'q1')).toEqual(['d3', 'd9', 'd10', 'd1', 'd2', 'd4']);
    // q2: d5 (rank 1) and d6 (rank 2) tie at 0.9, so d6 comes first whatever the ranks say.
    expect(rankingOf(run, 'q2')).toEqual(['d6', 'd5', 'd11']);
    expect(run.get('q2')).toEqual([
      { id: 'd6', score: 0.9 },
      { id: 'd5', score: 0.9 },
      { id: 'd11', score: 0.2 },
    ]);
    expect([...run.keys()]).toEqual(['q1', 'q5', 'q2', 'q4']);
    expect(rankingOf(run, 'absent')).toEqual([]);
  });

  it('breaks ties in UTF-8 byte order, as strcmp does, not UTF-16 order', async () => {
    // U+FF21 is EF BC A1 in UTF-8 and U+1F600 is F0 9F 98 80, so bytes put the emoji last; UTF-16
    // code units (FF21 vs D83D) would put it first.
    const fullwidth = '\uFF21';
    const emoji = '\u{1F600}';
    expect(emoji < fullwidth).toBe(true);
    const file = write('unicode.run', [`q Q0 ${fullwidth} 1 1 t`, `q Q0 ${emoji} 2 1 t`, 'q Q0 b 3 1 t']);
    expect(rankingOf(await readTrecRun(file), 'q')).toEqual([emoji, fullwidth, 'b']);
  });

  it('accepts tabs, runs of spaces, blank lines and exponent scores', async () => {
    const file = write('spaces.run', [
      'q1\tQ0\td1\t1\t1e-3\ttag',
      '',
      '  q1  Q0 d2   2 -2.5E+1 tag  ',
      'q1 Q0 d3 3 .5 tag',
    ]);
    expect(await readTrecRun(file)).toEqual(
      new Map([
        [
          'q1',
          [
            { id: 'd3', score: 0.5 },
            { id: 'd1', score: 0.001 },
            { id: 'd2', score: -25 },
          ],
        ],
      ]),
    );
  });

  it('rejects a wrong column count, naming file, line and column', async () => {
    const file = evalFixture('run-columns.txt');
    const error = await inputError(readTrecRun(file));
    expect(error.where).toEqual({ file, line: 2, field: 'tag' });
    expect(error.message).toBe(
      `${file}:2 (field "tag"): expected 6 columns (qid Q0 docid rank score tag), got 5: no tag column`,
    );
    const long = write('seven.run', ['q1 Q0 d1 1 2.5 tag', 'q1 Q0 d2 2 1.5 tag extra']);
    const tooMany = await inputError(readTrecRun(long));
    expect(tooMany.where).toEqual({ file: long, line: 2, field: 'tag' });
    expect(tooMany.message).toContain('got 7: something after the tag column');
  });

  it('rejects a score that is not a number, quoting it', async () => {
    const file = evalFixture('run-score.txt');
    const error = await inputError(readTrecRun(file));
    expect(error.where).toEqual({ file, line: 2, field: 'score' });
    expect(error.message).toContain('score must be a number, got "high"');
    for (const bad of ['NaN', 'Infinity', '0x1F', '1e999', '1,5']) {
      const other = write(`bad-${bad}.run`, [`q Q0 d 1 ${bad} t`]);
      expect((await inputError(readTrecRun(other))).message).toContain(`got ${JSON.stringify(bad)}`);
    }
  });

  it('rejects a line over 64 KiB at its line, before holding it whole (issue 40, item 9)', async () => {
    // Six columns, so only its length is wrong: the docid alone is 70,000 bytes.
    const file = write('long.run', ['q1 Q0 a 1 3 t', `q1 Q0 ${'x'.repeat(70_000)} 2 1 t`]);
    const error = await inputError(readTrecRun(file));
    expect(error.where).toEqual({ file, line: 2 });
    expect(error.message).toBe(
      `${file}:2: line longer than 65536 bytes: not a line of this format (is it the right file?)`,
    );
  });

  it('rejects a document listed twice for one query, naming both lines', async () => {
    const file = evalFixture('run-duplicate.txt');
    const error = await inputError(readTrecRun(file));
    expect(error.where).toEqual({ file, line: 4, field: 'docid' });
    expect(error.message).toContain('document "d1" appears twice for query "q1" (lines 1 and 4)');
  });

  it('reads an empty file as an empty run and reports a missing file', async () => {
    expect((await readTrecRun(write('empty.run', []))).size).toBe(0);
    await expect(readTrecRun(path.join(dir, 'missing.run'))).rejects.toThrow(/missing\.run/);
  });
});

describe('trecOrder', () => {
  it('does not change its input and keeps a distinct order for distinct scores', () => {
    const docs = [
      { id: 'a', score: 1 },
      { id: 'b', score: 3 },
      { id: 'c', score: 2 },
    ];
    expect(trecOrder(docs).map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect(docs.map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });
});
