import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldCommand } from '../../src/cli/commands/gold-command.js';
import { ConflictError, InputError } from '../../src/errors.js';
import { normalizeQuery, queryKey } from '../../src/traffic/query-key.js';
import { TINY_BEIR } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { scratchDir } from './helpers.js';

const gold = (...argv: string[]) => runCli(argv, goldCommand.run);

function readSet(dir: string) {
  const queries = fs
    .readFileSync(path.join(dir, 'queries.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  const qrels = fs
    .readFileSync(path.join(dir, 'qrels', 'test.tsv'), 'utf8')
    .trimEnd()
    .split('\n');
  return { queries, qrels };
}

describe('testbed gold import', () => {
  it('imports a CSV of tickets: several documents per cell, rows of one ticket merged, grades kept at their highest', async () => {
    const dir = scratchDir();
    const file = path.join(dir, 'tickets.csv');
    fs.writeFileSync(
      file,
      [
        'ticket,question,answer,grade',
        'T-1,"How do I reset my password, again?",faq-reset;error-e1042,2',
        'T-2,Install on Linux?,install-linux,',
        'T-1,"How do I reset my password, again?",error-e1042;auth-failures,3',
        'T-3,,plans,1',
        'T-4,Where is the price list?,,1',
        'T-5,Is there a mobile app?,mobile-app;tablet-app,1',
      ].join('\n') + '\n',
    );
    const out = path.join(dir, 'set');
    const r = await gold(
      'import',
      file,
      '--query',
      'question',
      '--doc',
      'answer',
      '--grade',
      'grade',
      '--id',
      'ticket',
      '--corpus',
      TINY_BEIR,
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const { queries, qrels } = readSet(out);
    expect(queries).toEqual([
      { _id: 'T-1', text: 'How do I reset my password, again?', metadata: { source: 'tickets' } },
      { _id: 'T-2', text: 'Install on Linux?', metadata: { source: 'tickets' } },
    ]);
    // error-e1042 is named with grade 2 and then 3: the higher stands. A blank grade is 1.
    expect(qrels).toEqual([
      'query-id\tcorpus-id\tscore',
      'T-1\tfaq-reset\t2',
      'T-1\terror-e1042\t3',
      'T-1\tauth-failures\t3',
      'T-2\tinstall-linux\t1',
    ]);
    expect(r.out).toBe(
      [
        'read 6 rows; wrote 2 queries and 4 (query, document) pairs',
        'skipped: 3',
        `  1 blank or missing question (${file}:5)`,
        `  1 blank or missing answer (${file}:6)`,
        '  1 query with no matched document (T-5)',
        `unmatched documents: 2 unmatched document (${file}:7: "mobile-app"; ${file}:7: "tablet-app")`,
        `queries: ${path.join(out, 'queries.jsonl')}`,
        `qrels: ${path.join(out, 'qrels', 'test.tsv')}`,
      ].join('\n') + '\n',
    );
  });

  it('imports JSONL with document arrays, merging rows by normalised query text when there is no id field', async () => {
    const dir = scratchDir();
    const file = path.join(dir, 'answers.jsonl');
    const rows = [
      { q: 'Reset  PASSWORD', docs: ['faq-reset', 'error-e1042'] },
      { q: ' reset password ', docs: 'auth-failures' },
      { q: 'ｐｌａｎｓ', docs: [42] },
    ];
    fs.writeFileSync(file, rows.map((r) => JSON.stringify(r) + '\n').join(''));
    const out = path.join(dir, 'set');
    const r = await gold('import', file, '--query', 'q', '--doc', 'docs', '--out', out);
    expect(r.code).toBe(0);
    const reset = queryKey(normalizeQuery('reset password'));
    const plans = queryKey('plans'); // NFKC folds the full-width letters
    expect(reset).toMatch(/^log-[0-9a-f]{12}$/);
    const { queries, qrels } = readSet(out);
    expect(queries.map((q) => [q._id, q.text])).toEqual([
      [reset, 'Reset  PASSWORD'],
      [plans, 'ｐｌａｎｓ'],
    ]);
    expect(qrels.slice(1)).toEqual([
      `${reset}\tfaq-reset\t1`,
      `${reset}\terror-e1042\t1`,
      `${reset}\tauth-failures\t1`,
      `${plans}\t42\t1`,
    ]);
    expect(r.out).toContain('skipped: none\n');
    expect(r.out).toContain('unmatched documents: none\n');
  });

  it('--json: rows read, queries and pairs written, nothing skipped, as one JSON document', async () => {
    const dir = scratchDir();
    const file = path.join(dir, 'answers.jsonl');
    // two rows of one question (merged by normalised text), one of another: 3 rows, 2 queries, 3 pairs
    const rows = [
      { q: 'Reset password', docs: ['faq-reset'] },
      { q: 'reset PASSWORD', docs: ['auth-failures'] },
      { q: 'plans', docs: ['plans'] },
    ];
    fs.writeFileSync(file, rows.map((r) => JSON.stringify(r) + '\n').join(''));
    const out = path.join(dir, 'set');
    const r = await gold('import', file, '--query', 'q', '--doc', 'docs', '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      queries: path.join(out, 'queries.jsonl'),
      qrels: path.join(out, 'qrels', 'test.tsv'),
      rows: 3,
      written: 2,
      pairs: 3,
      skipped: [],
      unmatched: null,
    });
    expect(r.err).toContain('read 3 rows; wrote 2 queries and 3 (query, document) pairs');
  });

  it('writes nothing when the input is damaged, and will not replace an existing set without --force', async () => {
    const dir = scratchDir();
    const out = path.join(dir, 'set');
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, '{"q":"a","d":"faq-reset"}\n{"q": oops}\n{"q":"b","d":"plans"}\n');
    const err = await gold('import', bad, '--query', 'q', '--doc', 'd', '--out', out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where).toEqual({ file: bad, line: 2 });
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir).sort()).toEqual(['bad.jsonl']);

    const gradeBad = path.join(dir, 'grade.csv');
    fs.writeFileSync(gradeBad, 'q,d,g\na,faq-reset,1\nb,plans,11\n');
    const gradeErr = await gold('import', gradeBad, '--query', 'q', '--doc', 'd', '--grade', 'g', '--out', out).catch(
      (e: unknown) => e,
    );
    expect((gradeErr as InputError).where).toEqual({ file: gradeBad, line: 3, field: 'g' });
    expect(fs.existsSync(out)).toBe(false);

    const good = path.join(dir, 'good.csv');
    fs.writeFileSync(good, 'q,d\na,faq-reset\n');
    expect((await gold('import', good, '--query', 'q', '--doc', 'd', '--out', out)).code).toBe(0);
    const before = readSet(out);
    fs.writeFileSync(good, 'q,d\nb,plans\n');
    const again = await gold('import', good, '--query', 'q', '--doc', 'd', '--out', out).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ConflictError);
    expect(readSet(out)).toEqual(before);
    expect((await gold('import', good, '--query', 'q', '--doc', 'd', '--out', out, '--force')).code).toBe(0);
    expect(readSet(out).queries.map((q) => q.text)).toEqual(['b']);
    // No temp file is left beside the set.
    expect(fs.readdirSync(out).sort()).toEqual(['qrels', 'queries.jsonl']);
    expect(fs.readdirSync(path.join(out, 'qrels'))).toEqual(['test.tsv']);
  });

  it('names a column the CSV header does not have', async () => {
    const dir = scratchDir();
    const file = path.join(dir, 't.csv');
    fs.writeFileSync(file, 'question,answer\na,b\n');
    const err = await gold('import', file, '--query', 'question', '--doc', 'doc', '--out', path.join(dir, 'o')).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toContain('--doc names column "doc", which the header does not have');
  });
});
