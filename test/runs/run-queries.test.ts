import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Line } from '../../src/corpus/read-lines.js';
import { collectRun, groupRunQueries, readRunQueries, type RunQuery } from '../../src/runs/run-queries.js';
import { MAX_RUN_LINE_BYTES } from '../../src/runs/run-line.js';
import { rankingOf } from '../../src/runs/run.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { tmpDir } from '../helpers/tmp.js';
import { evalFixture } from './helpers.js';
import { inputError } from '../helpers/input-error.js';

/**
 * eval, pool, fuse and tune read a run one query at a time (issue 40, item 9): a 5M-line run
 * read whole took over a gigabyte. These tests pin what the streaming reader gives (the same
 * rankings as the whole-file reader), what it refuses (a query whose lines come back, a line over
 * the limit) and that it reads lazily.
 */
const dir = tmpDir('testbed-run-queries-');

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function all(file: string): Promise<RunQuery[]> {
  const queries: RunQuery[] = [];
  for await (const q of readRunQueries(file)) queries.push(q);
  return queries;
}

describe('readRunQueries gives the whole-file reader rankings, one query at a time', () => {
  it('the tiny run: queries in file order, each ranked by score then docid descending', async () => {
    const queries = await all(evalFixture('run.txt'));
    expect(queries.map((q) => q.qid)).toEqual(['q1', 'q5', 'q2', 'q4']);
    // As test/runs/trec-run-reader.test.ts works it out: d3 9.5, then d9, d10, d1 tied at 7
    // (docid descending in bytes), d2 3, d4 0.5; q2's d5 and d6 tie at 0.9, d6 first.
    const run = await collectRun(readRunQueries(evalFixture('run.txt')));
    expect(rankingOf(run, 'q1')).toEqual(['d3', 'd9', 'd10', 'd1', 'd2', 'd4']);
    expect(rankingOf(run, 'q5')).toEqual(['d1']);
    expect(rankingOf(run, 'q2')).toEqual(['d6', 'd5', 'd11']);
    expect(run.get('q2')).toEqual([
      { id: 'd6', score: 0.9 },
      { id: 'd5', score: 0.9 },
      { id: 'd11', score: 0.2 },
    ]);
    expect(rankingOf(run, 'q4')).toEqual(['d9']);
  });

  it('a generated run: query q has documents d1..dN with score (q * 10 + N - i), written worst first', async () => {
    const lines: string[] = [];
    for (let q = 1; q <= 3; q++) for (let i = 5; i >= 1; i--) lines.push(`q${q} Q0 d${i} ${6 - i} ${q * 10 + 5 - i} g`);
    const file = write('generated.run', lines);
    const run = await collectRun(readRunQueries(file));
    // Score q*10 + 5 - i falls as i grows, so d1 is best whatever the file order: d1..d5.
    for (let q = 1; q <= 3; q++) {
      expect(run.get(`q${q}`)).toEqual([1, 2, 3, 4, 5].map((i) => ({ id: `d${i}`, score: q * 10 + 5 - i })));
    }
    expect(run).toEqual(await readTrecRun(file));
  });

  it('gives each query its byte range and first line, and reads back one query from its range', async () => {
    // Line lengths: "a Q0 x 1 1 t" is 12 bytes + newline = 13; the blank line is 1 byte.
    const file = write('ranges.run', ['a Q0 x 1 1 t', 'a Q0 y 2 2 t', '', 'b Q0 z 1 3 t']);
    const queries = await all(file);
    expect(queries.map(({ qid, start, end, firstLine }) => ({ qid, start, end, firstLine }))).toEqual([
      { qid: 'a', start: 0, end: 26, firstLine: 1 },
      // b starts where a's last line ends: the blank line 3 is its first line.
      { qid: 'b', start: 26, end: 40, firstLine: 3 },
    ]);
    const b: RunQuery[] = [];
    for await (const q of readRunQueries(file, queries[1]!)) b.push(q);
    expect(b.map((q) => [q.qid, q.docs])).toEqual([['b', [{ id: 'z', score: 3 }]]]);
  });

  it('an empty or blank run gives no query', async () => {
    expect(await all(write('empty.run', []))).toEqual([]);
    expect(await all(write('blank.run', ['', '   ', '']))).toEqual([]);
  });
});

describe('readRunQueries refuses, naming the file and line', () => {
  it('a query whose lines come back after another query, at the line where it comes back', async () => {
    const file = write('ungrouped.run', ['q1 Q0 a 1 3 t', 'q2 Q0 b 1 2 t', 'q1 Q0 c 2 1 t']);
    const error = await inputError(all(file));
    expect(error.where).toEqual({ file, line: 3, field: 'qid' });
    expect(error.message).toContain(`${file}:3`);
    expect(error.message).toContain('query "q1" comes back after other queries (its first line is 1)');
    expect(error.message).toContain('sort -s -k1,1');
  });

  it('a document listed twice in one query, naming both lines', async () => {
    const file = write('dup.run', ['q1 Q0 a 1 3 t', '', 'q1 Q0 a 2 1 t']);
    const error = await inputError(all(file));
    expect(error.where).toEqual({ file, line: 3, field: 'docid' });
    expect(error.message).toContain('document "a" appears twice for query "q1" (lines 1 and 3)');
  });

  it('a line over the limit (64 KiB), before holding it whole; the whole-file reader too', async () => {
    expect(MAX_RUN_LINE_BYTES).toBe(65536);
    // Six columns, so only its length is wrong: the docid alone is 70,000 bytes.
    const file = write('long.run', ['q1 Q0 a 1 3 t', `q1 Q0 ${'x'.repeat(70_000)} 2 1 t`]);
    for (const read of [() => all(file), () => readTrecRun(file)]) {
      const error = await inputError(read());
      expect(error.where).toEqual({ file, line: 2 });
      expect(error.message).toBe(
        `${file}:2: line longer than 65536 bytes: not a line of this format (is it the right file?)`,
      );
    }
  });
});

describe('groupRunQueries reads lazily', () => {
  it('yields the first query after reading one line past it, not the whole input', async () => {
    let pulled = 0;
    async function* lines(): AsyncGenerator<Line> {
      // An endless run: q0 has 3 lines, every later query 3 more; a reader that wanted the end would never stop.
      for (let n = 0; ; n++) {
        pulled++;
        yield { line: n + 1, text: `q${Math.floor(n / 3)} Q0 d${n % 3} ${(n % 3) + 1} ${3 - (n % 3)} t` };
      }
    }
    const queries = groupRunQueries(lines(), 'mem');
    const first = await queries.next();
    expect(first.value).toMatchObject({ qid: 'q0', docs: [{ id: 'd0' }, { id: 'd1' }, { id: 'd2' }] });
    // q0's 3 lines, and q1's first line, which shows q0 is complete.
    expect(pulled).toBe(4);
    const second = await queries.next();
    expect(second.value).toMatchObject({ qid: 'q1' });
    expect(pulled).toBe(7);
    await queries.return(undefined);
  });
});
