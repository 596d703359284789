import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadJudgements } from '../../src/cli/load-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { tinyBeirCopy } from '../gold/helpers.js';

// eval, compare, tune and fuse load a gold set through loadJudgements: a torn line in its
// additions file (a write a crash or a full disk cut short) is skipped with a warning naming
// file:line, and the other additions still count, instead of the command failing.

describe('loadJudgements with a torn additions line', () => {
  it('skips it, says which line on stderr, and merges the whole ones', async () => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    const whole = '{"query_id":"q3","doc_id":"faq-reset","grade":2,"date":"2025-01-01T00:00:00.000Z"}';
    fs.writeFileSync(file, `{"query_id":"q1","doc_id":"fa\n${whole}\n`);
    const err: string[] = [];
    const judgements = await loadJudgements(qrels, { original: false }, { err: (text) => void err.push(text) });
    expect(judgements.grades.get('q3')?.get('faq-reset')).toBe(2);
    expect(err.join('')).toBe(
      `warning: skipped 1 torn line (cut short by a crash or a full disk): ${file}:1\n` +
        `note: merged 1 judgement from ${qrels}.additions.jsonl (--original to leave them out)\n`,
    );
  });
});
