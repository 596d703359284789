import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldCommand } from '../../src/cli/commands/gold-command.js';
import { ConflictError } from '../../src/errors.js';
import { readAdditions } from '../../src/gold/additions.js';
import { readQuerySet } from '../../src/gold/read-query-set.js';
import { tinyBeirCopy } from '../gold/helpers.js';
import { runCli } from '../helpers/cli.js';

const gold = (...argv: string[]) => runCli(argv, goldCommand.run);
const queriesOf = (qrels: string) => path.join(path.dirname(path.dirname(qrels)), 'queries.jsonl');

describe('testbed gold ask', () => {
  it('records the question and its judgements, and prints the new id and each judgement', async () => {
    const qrels = tinyBeirCopy();
    const { code, out } = await gold(
      'ask',
      qrels,
      '--text',
      'Which port does Harbor listen on?',
      '--judge',
      'Ann',
      '--doc',
      'install-linux:2',
      '--doc',
      'plans:0',
    );
    expect(code).toBe(0);
    const id = `exp-${createHash('sha256').update('which port does harbor listen on?').digest('hex').slice(0, 12)}`;
    const lines = out.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^recorded query "${id}" "Which port does Harbor listen on\\?" by "Ann" at `));
    expect(lines[0]).toContain(`${queriesOf(qrels)}.additions.jsonl`);
    expect(lines.slice(1)).toEqual([
      `with 2 judgements (source expert) in ${qrels}.additions.jsonl:`,
      '  install-linux\tgrade 2',
      '  plans\tgrade 0',
      '',
    ]);
    expect((await readQuerySet(queriesOf(qrels))).at(-1)).toMatchObject({
      id,
      metadata: { source: 'expert', judge: 'Ann' },
    });
    expect((await readAdditions(qrels)).map((a) => [a.query_id, a.doc_id, a.grade, a.source])).toEqual([
      [id, 'install-linux', 2, 'expert'],
      [id, 'plans', 0, 'expert'],
    ]);
    await expect(
      gold('ask', qrels, '--text', 'which port does harbor listen on?', '--judge', 'Bo', '--doc', 'plans:1'),
    ).rejects.toThrow(ConflictError);
  });

  it.each([
    [['--judge', 'Ann', '--doc', 'plans:1'], 'missing --text'],
    [['--text', 'q?', '--doc', 'plans:1'], 'missing --judge'],
    [['--text', 'q?', '--judge', 'Ann'], 'judgements must list at least one document'],
    [['--text', 'q?', '--judge', 'Ann', '--doc', 'plans'], '--doc must be DOCID:GRADE'],
    [['--text', 'q?', '--judge', 'Ann', '--doc', 'plans:high'], '--doc must be DOCID:GRADE'],
  ])('%j is refused: %s, and nothing is written', async (argv, message) => {
    const qrels = tinyBeirCopy();
    await expect(gold('ask', qrels, ...argv)).rejects.toThrow(message);
    expect(fs.existsSync(`${queriesOf(qrels)}.additions.jsonl`)).toBe(false);
  });
});
