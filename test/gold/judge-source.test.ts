import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { addJudgement, readAdditions } from '../../src/gold/additions.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { tinyBeirCopy } from './helpers.js';

const JAN = new Date('2025-01-01T00:00:00Z');

describe('judgements carry who made them: judge and source', () => {
  it('are stored on the line and read back', async () => {
    const qrels = tinyBeirCopy();
    const added = await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'install-mac',
      grade: 3,
      judge: 'Ann Smith',
      source: 'human',
      date: JAN,
    });
    expect(added).toEqual({
      query_id: 'q5',
      doc_id: 'install-mac',
      grade: 3,
      date: JAN.toISOString(),
      judge: 'Ann Smith',
      source: 'human',
    });
    expect(JSON.parse(fs.readFileSync(additionsFile(qrels), 'utf8'))).toEqual(added);
    expect(await readAdditions(qrels)).toEqual([added]);
  });

  it('any short word is a source; blank judge and source are not stored', async () => {
    const qrels = tinyBeirCopy();
    const added = await addJudgement(qrels, { queryId: 'q1', docId: 'plans', source: 'crowd_2', judge: '  ' });
    expect(added.source).toBe('crowd_2');
    expect('judge' in added).toBe(false);
    const plain = await addJudgement(qrels, { queryId: 'q1', docId: 'plans', source: '' });
    expect('source' in plain).toBe(false);
  });

  it('a file written before the fields existed reads as before, without them', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(
      additionsFile(qrels),
      '{"query_id":"q1","doc_id":"plans","grade":2,"date":"2025-01-01T00:00:00Z"}\n',
    );
    expect(await readAdditions(qrels)).toEqual([
      { query_id: 'q1', doc_id: 'plans', grade: 2, date: '2025-01-01T00:00:00Z' },
    ]);
  });

  it.each([
    ['a source of two words', { source: 'two words' }, /source must be one short word/],
    ['a source starting with a digit', { source: '1st' }, /source must be one short word/],
    ['a source over 32 characters', { source: 'x'.repeat(33) }, /source must be one short word/],
    ['a judge with a tab', { judge: 'ann\tbob' }, /judge must be a name/],
    ['a judge over 100 characters', { judge: 'a'.repeat(101) }, /judge must be a name of at most 100/],
  ])('refuses %s, naming the field, and writes nothing', async (_name, fields, message) => {
    const qrels = tinyBeirCopy();
    const err = (await addJudgement(qrels, { queryId: 'q1', docId: 'plans', ...fields }).catch(
      (e: unknown) => e,
    )) as InputError;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(message);
    expect(err.where.field).toBe(Object.keys(fields)[0]);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it('a hand-edited line with a bad source is refused naming file, line and field', async () => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    const good = '{"query_id":"q1","doc_id":"plans","grade":2,"date":"2025-01-01T00:00:00Z","source":"llm"}';
    fs.writeFileSync(file, `${good}\n${good.replace('"llm"', '"l l m"')}\n`);
    const err = (await readAdditions(qrels).catch((e: unknown) => e)) as InputError;
    expect(err).toBeInstanceOf(InputError);
    expect(err.where).toEqual({ file, line: 2, field: 'source' });
  });
});
