import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, NotFoundError } from '../../src/errors.js';
import { addJudgement, readAdditions } from '../../src/gold/additions.js';
import { readGold, readJudgements } from '../../src/gold/read-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { plain, scratchDir, tinyBeirCopy, TINY_QRELS } from './helpers.js';

const JAN = new Date('2025-01-01T00:00:00Z');
const FEB = new Date('2025-02-01T00:00:00Z');
const MAR = new Date('2025-03-01T00:00:00Z');

describe('addJudgement + readGold', () => {
  it('appends one JSON line next to the qrels and readGold merges it with the original judgements', async () => {
    const qrels = tinyBeirCopy();
    const added = await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'install-mac',
      grade: 2,
      note: 'says macOS only',
      date: JAN,
    });
    expect(added).toEqual({
      query_id: 'q5',
      doc_id: 'install-mac',
      grade: 2,
      date: '2025-01-01T00:00:00.000Z',
      note: 'says macOS only',
    });
    await addJudgement(qrels, { queryId: 'q1', docId: 'ja-reset', date: FEB });

    expect(additionsFile(qrels)).toBe(`${qrels}.additions.jsonl`);
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(
      '{"query_id":"q5","doc_id":"install-mac","grade":2,"date":"2025-01-01T00:00:00.000Z","note":"says macOS only"}\n' +
        '{"query_id":"q1","doc_id":"ja-reset","grade":1,"date":"2025-02-01T00:00:00.000Z"}\n',
    );
    expect(plain(await readGold(qrels))).toEqual({
      ...TINY_QRELS,
      q1: { ...TINY_QRELS.q1, 'ja-reset': 1 },
      q5: { 'install-mac': 2 },
    });
    // the published qrels file is left as it was
    expect(fs.readFileSync(qrels, 'utf8')).toBe(
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/tiny-beir/qrels/test.tsv'), 'utf8'),
    );
  });

  it('defaults: grade 1, dated now, a blank note is not stored', async () => {
    const qrels = tinyBeirCopy();
    const before = Date.now();
    const added = await addJudgement(qrels, { queryId: 'q3', docId: 'release-3-2', note: '  ' });
    expect(added.grade).toBe(1);
    expect(added).not.toHaveProperty('note');
    expect(added.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(added.date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(added.date)).toBeLessThanOrEqual(Date.now());
  });

  it('grade 0 records "judged not relevant": the pair stays, with grade 0', async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, { queryId: 'q1', docId: 'faq-reset', grade: 0, date: JAN });
    const gold = await readGold(qrels);
    expect(plain(gold).q1).toEqual({ 'faq-reset': 0, 'error-e1042': 1, 'auth-failures': 1 });
  });

  it('the latest addition wins: by date, then by append order; a back-dated one does not override', async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', grade: 1, date: JAN });
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', grade: 3, date: MAR });
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', grade: 2, date: FEB }); // imported late, older
    await addJudgement(qrels, { queryId: 'q4', docId: 'install-linux', grade: 1, date: JAN }); // overrides the qrels' 2
    await addJudgement(qrels, { queryId: 'q3', docId: 'plans', grade: 1, date: FEB });
    await addJudgement(qrels, { queryId: 'q3', docId: 'plans', grade: 0, date: FEB }); // same date: appended last wins
    const gold = plain(await readGold(qrels));
    expect(gold.q2).toEqual({ 'error-e1042': 2, plans: 3 });
    expect(gold.q4).toEqual({ 'install-linux': 1 });
    expect(gold.q3).toEqual({ plans: 0 });
    // readAdditions keeps every line, in the order appended
    expect((await readAdditions(qrels)).map((a) => a.grade)).toEqual([1, 3, 2, 1, 1, 0]);
  });

  it('qrels outside a BEIR folder take any ids (nothing to check them against)', async () => {
    const dir = scratchDir();
    const qrels = path.join(dir, 'run.qrels');
    fs.writeFileSync(qrels, 'a 0 d1 1\n');
    await addJudgement(qrels, { queryId: 'b', docId: 'd2', grade: 3, date: JAN });
    expect(plain(await readGold(qrels))).toEqual({ a: { d1: 1 }, b: { d2: 3 } });
  });

  it('readAdditions: none yet gives an empty list', async () => {
    expect(await readAdditions(tinyBeirCopy())).toEqual([]);
  });
});

describe('refusals (and nothing is written)', () => {
  async function refused(qrels: string, judgement: Parameters<typeof addJudgement>[1]): Promise<Error> {
    const err = await addJudgement(qrels, judgement).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err, 'expected a refusal').toBeInstanceOf(Error);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
    return err!;
  }

  it('unknown query id names the query and queries.jsonl', async () => {
    const qrels = tinyBeirCopy();
    const err = await refused(qrels, { queryId: 'q9', docId: 'plans' });
    expect(err).toBeInstanceOf(InputError);
    const queries = path.join(path.dirname(path.dirname(qrels)), 'queries.jsonl');
    expect(err.message).toBe(`${queries} (field "query_id"): unknown query id "q9"`);
  });

  it('unknown document id names the document and corpus.jsonl; both unknown names both', async () => {
    const qrels = tinyBeirCopy();
    const dir = path.dirname(path.dirname(qrels));
    const doc = await refused(qrels, { queryId: 'q1', docId: 'faq-rest' });
    expect(doc).toBeInstanceOf(InputError);
    expect(doc.message).toBe(`${path.join(dir, 'corpus.jsonl')} (field "doc_id"): unknown document id "faq-rest"`);
    const both = await refused(qrels, { queryId: 'Q1', docId: 'q1' });
    expect(both.message).toBe(
      `unknown query id "Q1" (not in ${path.join(dir, 'queries.jsonl')}); unknown document id "q1" (not in ${path.join(dir, 'corpus.jsonl')})`,
    );
  });

  it('an id that only appears inside a text field is not an id', async () => {
    // "Harbor" is in many titles and texts of the tiny corpus, never an _id
    const err = await refused(tinyBeirCopy(), { queryId: 'q1', docId: 'Harbor' });
    expect(err.message).toContain('unknown document id "Harbor"');
  });

  it('missing qrels file -> NotFoundError; a folder -> InputError', async () => {
    const qrels = tinyBeirCopy();
    const missing = path.join(path.dirname(qrels), 'dev.tsv');
    const err = await refused(missing, { queryId: 'q1', docId: 'plans' });
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe(`qrels file not found: ${missing}`);
    await expect(readAdditions(missing)).rejects.toThrow(NotFoundError);
    const folder = await addJudgement(path.dirname(qrels), { queryId: 'q1', docId: 'plans' }).catch((e: Error) => e);
    expect(folder).toBeInstanceOf(InputError);
    expect((folder as Error).message).toContain('expected a qrels file but found a folder');
  });

  it.each([11, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('grade %s -> InputError', async (grade) => {
    const err = await refused(tinyBeirCopy(), { queryId: 'q1', docId: 'plans', grade });
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(`(field "grade"): grade must be an integer from 0 to 10, got number ${String(grade)}`);
  });

  it.each([
    ['', 'q1'],
    ['   ', 'q1'],
    ['q\t1', 'q1'],
    ['q1', 'plans\n'],
    ['q1', 'pl\rans'],
  ])('ids %j / %j -> InputError naming the field', async (queryId, docId) => {
    const err = await refused(tinyBeirCopy(), { queryId, docId });
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(
      /\(field "(query_id|doc_id)"\): (query|document) id must be a non-empty string without tabs or line breaks/,
    );
  });

  it('a note over 2000 characters and an invalid date are refused', async () => {
    expect(
      (await refused(tinyBeirCopy(), { queryId: 'q1', docId: 'plans', note: 'x'.repeat(2001) })).message,
    ).toContain('note must be at most 2000 characters, got 2001');
    expect(
      (await refused(tinyBeirCopy(), { queryId: 'q1', docId: 'plans', date: new Date('nope') })).message,
    ).toContain('date is not a valid date');
  });
});

describe('reading a damaged additions file', () => {
  const good = '{"query_id":"q1","doc_id":"plans","grade":1,"date":"2025-01-01T00:00:00.000Z"}';

  it.each([
    ['not an object', '[1,2]', /:3: expected one JSON object per line, got an array/],
    [
      'grade as text',
      '{"query_id":"q1","doc_id":"plans","grade":"2","date":"2025-01-01T00:00:00.000Z"}',
      /:3 \(field "grade"\): grade must be an integer/,
    ],
    [
      'missing doc id',
      '{"query_id":"q1","grade":2,"date":"2025-01-01T00:00:00.000Z"}',
      /:3 \(field "doc_id"\): document id must be/,
    ],
    [
      'local time',
      '{"query_id":"q1","doc_id":"plans","grade":2,"date":"2025-01-01 10:00"}',
      /:3 \(field "date"\): date must be an ISO 8601 UTC time/,
    ],
    [
      'note not a string',
      `{"query_id":"q1","doc_id":"plans","grade":2,"date":"2025-01-01T00:00:00Z","note":7}`,
      /:3 \(field "note"\): note must be a string/,
    ],
  ])('%s -> InputError with file:line', async (_name, bad, message) => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    fs.writeFileSync(file, `${good}\n\n${bad}\n${good}\n`); // line 2 blank: skipped, still counted
    const err = (await readAdditions(qrels).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message.startsWith(`${file}:3`)).toBe(true);
    expect(err.message).toMatch(message);
    await expect(readGold(qrels)).rejects.toThrow(`${file}:3`);
  });

  it('skips a torn line anywhere in the file (a write a crash or a full disk cut short), naming it, and reads the rest', async () => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    const later = '{"query_id":"q2","doc_id":"plans","grade":3,"date":"2025-01-02T00:00:00.000Z"}';
    // Line 2 cut mid-record, line 4 cut inside a string: both torn, with whole lines around them.
    fs.writeFileSync(file, `${good}\n{"query_id": "q1", "doc_id":\n${later}\n{"query_id":"q3","no\n`);
    const read = await readJudgements(qrels);
    expect(read.additions).toBe(2);
    expect(read.torn).toEqual([`${file}:2`, `${file}:4`]);
    expect(read.judgements.grades.get('q2')?.get('plans')).toBe(3);
    expect((await readAdditions(qrels)).map((a) => [a.query_id, a.grade])).toEqual([
      ['q1', 1],
      ['q2', 3],
    ]);
  });

  it('skips a line cut in the middle of a character (not UTF-8) as torn, and reads the lines after it', async () => {
    const qrels = tinyBeirCopy();
    const file = additionsFile(qrels);
    const later = '{"query_id":"q2","doc_id":"plans","grade":3,"date":"2025-01-02T00:00:00.000Z"}';
    // Line 2 stops after the first two bytes of "€" (E2 82 AC): the write was cut there.
    const cut = Buffer.concat([
      Buffer.from('{"query_id":"q1","doc_id":"install-mac","note":"'),
      Buffer.from([0xe2, 0x82]),
    ]);
    fs.writeFileSync(file, Buffer.concat([Buffer.from(`${good}\n`), cut, Buffer.from(`\n${later}\n`)]));
    const read = await readJudgements(qrels);
    expect(read.additions).toBe(2);
    expect(read.torn).toEqual([`${file}:2`]);
    expect(read.judgements.grades.get('q2')?.get('plans')).toBe(3);
  });

  it('a hand-edited file without a final newline is not glued to the next addition', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(additionsFile(qrels), good); // no trailing newline
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', grade: 2, date: FEB });
    const additions = await readAdditions(qrels);
    expect(additions.map((a) => [a.query_id, a.doc_id, a.grade])).toEqual([
      ['q1', 'plans', 1],
      ['q2', 'plans', 2],
    ]);
  });

  it('unknown keys in a stored line are ignored (room for later fields)', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(
      additionsFile(qrels),
      '{"query_id":"q1","doc_id":"plans","grade":2,"date":"2025-01-01T00:00:00Z","author":"ann"}\n',
    );
    expect(await readAdditions(qrels)).toEqual([
      { query_id: 'q1', doc_id: 'plans', grade: 2, date: '2025-01-01T00:00:00Z' },
    ]);
  });
});
