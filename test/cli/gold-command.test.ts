import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldCommand } from '../../src/cli/commands/gold-command.js';
import { ConflictError, InputError } from '../../src/errors.js';
import { readAdditions } from '../../src/gold/additions.js';
import { readGold } from '../../src/gold/read-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { tinyBeirCopy } from '../gold/helpers.js';
import { runCli } from '../helpers/cli.js';

const gold = (...argv: string[]) => runCli(argv, goldCommand.run);

const DATE = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;

describe('testbed gold', () => {
  it('add records the judgement in one command and says what and where; list shows it', async () => {
    const qrels = tinyBeirCopy();
    const added = await gold('add', qrels, 'q5', 'install-mac', '--grade', '2', '--note', 'answers it:\tmacOS\nonly');
    expect(added.code).toBe(0);
    expect(added.err).toBe('');
    const where = additionsFile(qrels).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(added.out).toMatch(
      new RegExp(
        `^recorded query "q5" document "install-mac" grade 2 note "answers it:\\\\tmacOS\\\\nonly" at ${DATE} in ${where}\\n$`,
      ),
    );
    expect((await readGold(qrels)).get('q5')).toEqual(new Map([['install-mac', 2]]));

    const plain = await gold('add', qrels, 'q1', 'ja-reset');
    expect(plain.out).toMatch(
      new RegExp(`^recorded query "q1" document "ja-reset" grade 1 at ${DATE} in ${where}\\n$`),
    );

    const list = await gold('list', qrels);
    expect(list.code).toBe(0);
    const rows = list.out.slice(0, -1).split('\n');
    expect(list.out.endsWith('\n')).toBe(true);
    expect(rows[0]).toBe('date\tquery_id\tdoc_id\tgrade\tjudge\tsource\tnote');
    expect(rows.slice(1).map((r) => r.split('\t').slice(1))).toEqual([
      ['q5', 'install-mac', '2', '', '', 'answers it: macOS only'],
      ['q1', 'ja-reset', '1', '', '', ''],
    ]);
    expect(rows[1]).toMatch(new RegExp(`^${DATE}\\t`));

    const one = await gold('list', qrels, '--query', 'q1');
    expect(
      one.out
        .trimEnd()
        .split('\n')
        .map((r) => r.split('\t')[1]),
    ).toEqual(['query_id', 'q1']);
    const none = await gold('list', qrels, '--query', 'q3');
    expect(none.out).toBe(`no additions for query "q3" in ${additionsFile(qrels)}\n`);

    // --json: the same two additions as data, in the order recorded.
    const json = JSON.parse((await gold('list', qrels, '--json')).out);
    expect(
      json.map((a: { query_id: string; doc_id: string; grade: number }) => [a.query_id, a.doc_id, a.grade]),
    ).toEqual([
      ['q5', 'install-mac', 2],
      ['q1', 'ja-reset', 1],
    ]);
    expect(json[0].note).toBe('answers it:\tmacOS\nonly'); // as recorded: only the table flattens it
    expect(JSON.parse((await gold('list', qrels, '--query', 'q3', '--json')).out)).toEqual([]);
  });

  it('add --judge --source records who judged; list shows both; readers still see the grade', async () => {
    const qrels = tinyBeirCopy();
    const added = await gold('add', qrels, 'q5', 'install-mac', '--grade', '3', '--judge', 'Ann', '--source', 'expert');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^recorded query "q5" document "install-mac" grade 3 by "Ann" \(expert\) at /);
    expect(await readAdditions(qrels)).toMatchObject([{ judge: 'Ann', source: 'expert', grade: 3 }]);
    const rows = (await gold('list', qrels)).out.slice(0, -1).split('\n');
    expect(rows[1]!.split('\t').slice(1)).toEqual(['q5', 'install-mac', '3', 'Ann', 'expert', '']);
    await expect(gold('add', qrels, 'q5', 'install-mac', '--source', 'a b')).rejects.toThrow(
      /source must be one short word/,
    );
  });

  it('list before any addition says so', async () => {
    const qrels = tinyBeirCopy();
    expect((await gold('list', qrels)).out).toBe(`no additions in ${additionsFile(qrels)}\n`);
  });

  it('--grade 0 records a non-relevant judgement', async () => {
    const qrels = tinyBeirCopy();
    expect((await gold('add', qrels, 'q1', 'faq-reset', '--grade', '0')).out).toContain('grade 0');
    expect((await readGold(qrels)).get('q1')?.get('faq-reset')).toBe(0);
  });

  it('remove takes back an addition: says what, from where, and that the emptied file is gone', async () => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    await gold('add', qrels, 'q1', 'ja-reset', '--grade', '2');
    await gold('add', qrels, 'q4', 'install-linux', '--grade', '0'); // overrules the qrels' grade 2
    const date = (await readAdditions(qrels))[0]!.date;

    const first = await gold('remove', qrels, 'q1', 'ja-reset');
    expect(first.code).toBe(0);
    expect(first.out).toBe(
      `removed query "q1" document "ja-reset" (grade 2 of ${date}) from ${file}; the pair is unjudged again\n`,
    );
    expect((await readGold(qrels)).get('q1')?.has('ja-reset')).toBe(false);

    const last = await gold('remove', qrels, 'q4', 'install-linux');
    expect(last.out).toMatch(
      new RegExp(
        `, now empty and deleted; the pair is back to grade 2 as in ${qrels.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`,
      ),
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it('remove refuses a judgement that is only in the published qrels, naming the file', async () => {
    const qrels = tinyBeirCopy();
    const err = (await gold('remove', qrels, 'q1', 'faq-reset').catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toContain(`is judged (grade 2) in the published qrels file ${qrels}`);
  });

  it('help: usage starts with "Usage: testbed gold" and documents every option', async () => {
    for (const argv of [['--help'], ['add', '--help'], ['remove', '--help'], ['list', '-h']]) {
      const r = await gold(...argv);
      expect(r.code).toBe(0);
      expect(r.out).toBe(goldCommand.usage + '\n');
    }
    expect(goldCommand.usage.startsWith('Usage: testbed gold')).toBe(true);
    for (const option of [
      '--grade G',
      '--note TEXT',
      '--judge NAME',
      '--source WORD',
      '--judges A,B',
      '--against QRELS_B',
      '--scale LOW-HIGH',
      'agreement QRELS',
      '--query QID',
      '-h, --help',
      'add QRELS QID DOCID',
      'remove QRELS QID DOCID',
      'list QRELS',
    ]) {
      expect(goldCommand.usage).toContain(option);
    }
  });

  it.each([
    [[], /^missing subcommand \(add, remove, list, ask, agreement, import, from-clicks, generate or judge\)/],
    [['import', 'tickets.csv', '--doc', 'answer', '--out', 'set'], /^missing --query FIELD/],
    [['rm'], /^unknown subcommand "rm"/],
    [['remove', 'QRELS', 'q1'], /^missing DOCID/],
    [['remove', 'QRELS', 'q1', 'plans', '--grade', '1'], /^unknown option "--grade"/],
    [['constructor'], /^unknown subcommand "constructor"/],
    [['add', 'QRELS', 'q1'], /^missing DOCID/],
    [['add', 'QRELS', 'q1', 'plans', 'extra'], /^unexpected argument "extra"/],
    [['add', 'QRELS', 'q1', 'plans', '--grade', 'high'], /^--grade must be an integer from 0 to 10, got "high"/],
    [['add', 'QRELS', 'q1', 'plans', '--grade', '2.5'], /^--grade must be an integer from 0 to 10, got "2.5"/],
    [['add', 'QRELS', 'q1', 'plans', '--grade', ''], /^--grade must be an integer from 0 to 10, got ""/],
    [['add', 'QRELS', 'q1', 'plans', '--grade', '11'], /grade must be an integer from 0 to 10, got number 11/],
    [['add', 'QRELS', 'q1', 'plans', '--colour', 'red'], /^unknown option "--colour"/],
    [['add', 'QRELS', 'q9', 'plans'], /unknown query id "q9"/],
    [['add', 'QRELS', 'q1', 'nope'], /unknown document id "nope"/],
    [['list', 'QRELS', '--grade', '1'], /^unknown option "--grade"/],
  ])('%j -> InputError', async (argv, message) => {
    const qrels = tinyBeirCopy();
    const args = argv.map((a) => (a === 'QRELS' ? qrels : a));
    const err = (await gold(...args).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(message);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it('a missing qrels file is reported, for add and for list', async () => {
    const missing = path.join(path.dirname(tinyBeirCopy()), 'dev.tsv');
    await expect(gold('add', missing, 'q1', 'plans')).rejects.toThrow(`qrels file not found: ${missing}`);
    await expect(gold('list', missing)).rejects.toThrow(`qrels file not found: ${missing}`);
  });
});
