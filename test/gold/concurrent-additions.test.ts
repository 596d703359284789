import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { addJudgement, readAdditions } from '../../src/gold/additions.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { tinyBeirCopy } from './helpers.js';

const run = promisify(execFile);
const WORKER = path.join(import.meta.dirname, 'append-worker.ts');
const REMOVER = path.join(import.meta.dirname, 'remove-worker.ts');
const REPO = path.resolve(import.meta.dirname, '../..');
const WORKERS = 8;
const EACH = 25;

describe('concurrent additions', () => {
  it(`${WORKERS} processes adding ${EACH} judgements each at once: all ${WORKERS * EACH} lines kept, none interleaved`, async () => {
    const qrels = tinyBeirCopy();
    await Promise.all(
      Array.from({ length: WORKERS }, (_, w) =>
        run(process.execPath, ['--import', 'tsx', WORKER, qrels, String(w), String(EACH)], { cwd: REPO }),
      ),
    );

    const text = fs.readFileSync(additionsFile(qrels), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    // appendLine puts a newline in front of its line when the file does not end in one (a hand
    // edit). A racing writer whose line is still being copied in can make the file look that way,
    // so a blank line may appear under contention (seen once in ~10 loaded runs); readers skip
    // blank lines. Every non-blank line must be one whole record.
    const lines = text
      .slice(0, -1)
      .split('\n')
      .filter((line) => line !== '');
    expect(lines).toHaveLength(WORKERS * EACH);
    const seen = new Set<string>();
    for (const line of lines) {
      const record = JSON.parse(line) as { note: string; query_id: string; grade: number };
      const match = /^worker (\d+) item (\d+) x{400}$/.exec(record.note);
      expect(match, line.slice(0, 80)).not.toBeNull();
      const item = Number(match![2]);
      expect(record.query_id).toBe(`q${(item % 5) + 1}`);
      expect(record.grade).toBe(item % 4);
      seen.add(`${match![1]}/${item}`);
    }
    expect(seen.size).toBe(WORKERS * EACH);
    expect(await readAdditions(qrels)).toHaveLength(WORKERS * EACH);
  });

  it(`a removal rewriting the file while ${WORKERS} processes add ${EACH} each: every addition kept, the removed pairs gone`, async () => {
    const qrels = tinyBeirCopy();
    // Pairs the add workers never write (their documents are others), recorded beforehand.
    const doomed = ['q1', 'q2', 'q3', 'q4', 'q5'].flatMap((q) => [
      [q, 'ja-reset'] as [string, string],
      [q, 'release-3-2'] as [string, string],
    ]);
    for (const [queryId, docId] of doomed) await addJudgement(qrels, { queryId, docId, note: 'to be removed' });

    // The add workers stop halfway until the first removal opens the gate, so that removal runs
    // while additions are still to come on any schedule (without it, a slow remover start on a
    // loaded machine found all 200 lines already written).
    const gate = path.join(path.dirname(qrels), 'gate');
    const adders = Array.from({ length: WORKERS }, (_, w) =>
      run(process.execPath, ['--import', 'tsx', WORKER, qrels, String(w), String(EACH), gate], { cwd: REPO }),
    );
    const remover = run(process.execPath, ['--import', 'tsx', REMOVER, qrels, JSON.stringify(doomed), gate], {
      cwd: REPO,
    });
    const [{ stdout }] = await Promise.all([remover, ...adders]);

    // Each removal saw some add-worker lines, and at least one saw fewer than all of them: the
    // removals ran while additions were still arriving, which is the race under test.
    const seen = JSON.parse(stdout) as number[];
    expect(seen).toHaveLength(doomed.length);
    expect(
      seen.some((n) => n > 0 && n < WORKERS * EACH),
      `add-worker lines seen by each removal: ${seen.join(' ')}`,
    ).toBe(true);

    const additions = await readAdditions(qrels);
    expect(additions.filter((a) => a.note === 'to be removed')).toEqual([]);
    const kept = new Set(
      additions.map((a) =>
        /^worker (\d+) item (\d+) /
          .exec(a.note ?? '')
          ?.slice(1)
          .join('/'),
      ),
    );
    expect(additions).toHaveLength(WORKERS * EACH);
    expect(kept.size).toBe(WORKERS * EACH);
  });
});
