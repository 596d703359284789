import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { additionsFile } from '../../src/gold/additions-file.js';
import { tinyBeirCopy } from './helpers.js';

const run = promisify(execFile);
const WORKER = path.join(import.meta.dirname, 'ask-worker.ts');
const REPO = path.resolve(import.meta.dirname, '../..');

describe('the same question from two processes at once', () => {
  it('one creates it, the other is told it was already asked; one query line, one judgement line', async () => {
    const qrels = tinyBeirCopy();
    const outputs = await Promise.all(
      ['Ann', 'Bo'].map((judge) =>
        run(process.execPath, ['--import', 'tsx', WORKER, qrels, judge, 'Is there an SLA?'], { cwd: REPO }),
      ),
    );
    const said = outputs.map((o) => o.stdout.trim()).sort();
    expect(said[0]).toMatch(/^conflict already asked as query "exp-[0-9a-f]{12}": judge it there$/);
    expect(said[1]).toMatch(/^created exp-[0-9a-f]{12}$/);
    expect(said[0]).toContain(said[1]!.slice('created '.length));
    const queriesAdded = path.join(path.dirname(path.dirname(qrels)), 'queries.jsonl.additions.jsonl');
    expect(
      fs
        .readFileSync(queriesAdded, 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    ).toHaveLength(1);
    expect(
      fs
        .readFileSync(additionsFile(qrels), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    ).toHaveLength(1);
  });
});
