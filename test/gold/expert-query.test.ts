import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError, InputError } from '../../src/errors.js';
import { addJudgement } from '../../src/gold/additions.js';
import { readGold } from '../../src/gold/read-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { addExpertQuery } from '../../src/gold/expert-query.js';
import { queryAdditionsFile } from '../../src/gold/query-additions-file.js';
import { readQuerySet } from '../../src/gold/read-query-set.js';
import { scratchDir, tinyBeirCopy } from './helpers.js';

const DATE = new Date('2025-03-01T10:00:00.000Z');
const queriesOf = (qrels: string) => path.join(path.dirname(path.dirname(qrels)), 'queries.jsonl');
const linesOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
// The id worked out by hand from the rule: exp- and 12 hex digits of SHA-256 of the lower-cased text.
const idOf = (normalised: string) => `exp-${createHash('sha256').update(normalised).digest('hex').slice(0, 12)}`;

describe('addExpertQuery', () => {
  it('writes one query line beside queries.jsonl and one expert judgement line per marked document', async () => {
    const qrels = tinyBeirCopy();
    const queries = queriesOf(qrels);
    const published = fs.readFileSync(queries, 'utf8');
    const { query, additions } = await addExpertQuery(qrels, {
      text: '  How do I install Harbor\n  on a Mac? ',
      judge: 'Ann',
      note: 'asked by support',
      judgements: [
        { docId: 'install-mac', grade: 3, note: 'the steps' },
        { docId: 'install-linux', grade: 0 },
      ],
      date: DATE,
    });
    const id = idOf('how do i install harbor on a mac?');
    const metadata = { source: 'expert', judge: 'Ann', date: DATE.toISOString(), note: 'asked by support' };
    expect(query).toEqual({ id, text: 'How do I install Harbor on a Mac?', metadata });
    expect(linesOf(queryAdditionsFile(queries)).map((l) => JSON.parse(l))).toEqual([
      { _id: id, text: 'How do I install Harbor on a Mac?', metadata },
    ]);
    const stored = linesOf(additionsFile(qrels)).map((l) => JSON.parse(l));
    const common = { query_id: id, date: DATE.toISOString(), judge: 'Ann', source: 'expert' };
    expect(stored).toEqual([
      { ...common, doc_id: 'install-mac', grade: 3, note: 'the steps' },
      { ...common, doc_id: 'install-linux', grade: 0 },
    ]);
    expect(additions).toEqual(stored);
    // The published file is never rewritten; the set read through readQuerySet has the new query last.
    expect(fs.readFileSync(queries, 'utf8')).toBe(published);
    const set = await readQuerySet(queries);
    expect(set.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', id]);
    expect((await readGold(qrels)).get(id)).toEqual(
      new Map([
        ['install-mac', 3],
        ['install-linux', 0],
      ]),
    );
  });

  it('keeps a question whose marked documents are all grade 0: the corpus cannot answer it', async () => {
    const qrels = tinyBeirCopy();
    const { additions } = await addExpertQuery(qrels, {
      text: 'can harbor sync with dropbox',
      judge: 'Bo',
      judgements: [{ docId: 'plans', grade: 0 }],
    });
    expect(additions.map((a) => [a.doc_id, a.grade])).toEqual([['plans', 0]]);
  });

  it('refuses a question already asked, among added or published queries (409), and writes nothing', async () => {
    const qrels = tinyBeirCopy();
    const queries = queriesOf(qrels);
    const first = await addExpertQuery(qrels, {
      text: 'where is the session ttl set',
      judge: 'Ann',
      judgements: [{ docId: 'config-session-ttl', grade: 2 }],
    });
    const before = [
      fs.readFileSync(queryAdditionsFile(queries), 'utf8'),
      fs.readFileSync(additionsFile(qrels), 'utf8'),
    ];
    const again = addExpertQuery(qrels, {
      text: 'Where is the   session TTL set',
      judge: 'Bo',
      judgements: [{ docId: 'plans', grade: 1 }],
    });
    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow(`already asked as query "${first.query.id}": judge it there`);
    // q5 of the fixture is "does harbor run on windows".
    await expect(
      addExpertQuery(qrels, {
        text: 'Does Harbor run on Windows',
        judge: 'Bo',
        judgements: [{ docId: 'plans', grade: 1 }],
      }),
    ).rejects.toThrow('already asked as query "q5"');
    expect([
      fs.readFileSync(queryAdditionsFile(queries), 'utf8'),
      fs.readFileSync(additionsFile(qrels), 'utf8'),
    ]).toEqual(before);
  });

  it('refuses unknown documents, naming every one and the first field, and writes nothing', async () => {
    const qrels = tinyBeirCopy();
    const asked = addExpertQuery(qrels, {
      text: 'what changed in 3.2',
      judge: 'Ann',
      judgements: [
        { docId: 'release-3-2', grade: 2 },
        { docId: 'release-9', grade: 1 },
        { docId: 'release-10', grade: 1 },
      ],
    });
    await expect(asked).rejects.toThrow(InputError);
    await expect(asked).rejects.toThrow(
      /\(field "judgements\[1\]\.doc_id"\): unknown document ids "release-9", "release-10"/,
    );
    expect(fs.existsSync(queryAdditionsFile(queriesOf(qrels)))).toBe(false);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it.each([
    [{ text: ' \n ' }, 'text', 'only whitespace'],
    [{ text: 'x'.repeat(2001) }, 'text', 'at most 2000 characters'],
    [{ judge: '' }, 'judge', 'judge is required'],
    [{ judgements: [] }, 'judgements', 'at least one document'],
    [{ judgements: [{ docId: 'plans', grade: 4 }] }, 'judgements[0].grade', "0 to 3 (the judging page's scale)"],
    [
      {
        judgements: [
          { docId: 'plans', grade: 1 },
          { docId: 'plans', grade: 2 },
        ],
      },
      'judgements[1].doc_id',
      'already judged by judgements[0]',
    ],
  ])('refuses %j naming field %s', async (change, field, message) => {
    const qrels = tinyBeirCopy();
    const asked = addExpertQuery(qrels, {
      text: 'what do plans cost',
      judge: 'Ann',
      judgements: [{ docId: 'plans', grade: 2 }],
      ...change,
    });
    await expect(asked).rejects.toThrow(`(field "${field}")`);
    await expect(asked).rejects.toThrow(message);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it('needs a BEIR folder around the qrels file', async () => {
    const qrels = path.join(scratchDir(), 'gold.tsv');
    fs.writeFileSync(qrels, 'q1\tplans\t1\n');
    await expect(
      addExpertQuery(qrels, { text: 'what do plans cost', judge: 'Ann', judgements: [{ docId: 'plans', grade: 2 }] }),
    ).rejects.toThrow('written questions need a BEIR folder: queries.jsonl beside qrels/');
  });

  it('takes the query line back when the judgements cannot be written', async () => {
    const qrels = tinyBeirCopy();
    const queries = queriesOf(qrels);
    await addExpertQuery(qrels, { text: 'first question', judge: 'Ann', judgements: [{ docId: 'plans', grade: 1 }] });
    const before = fs.readFileSync(queryAdditionsFile(queries), 'utf8');
    // A folder where the qrels additions file should be: the second write fails.
    fs.renameSync(additionsFile(qrels), `${additionsFile(qrels)}.aside`);
    fs.mkdirSync(additionsFile(qrels));
    await expect(
      addExpertQuery(qrels, { text: 'second question', judge: 'Ann', judgements: [{ docId: 'plans', grade: 1 }] }),
    ).rejects.toThrow();
    expect(fs.readFileSync(queryAdditionsFile(queries), 'utf8')).toBe(before);

    // With nothing added before, the failed attempt leaves no queries additions file at all.
    const fresh = tinyBeirCopy();
    fs.mkdirSync(additionsFile(fresh));
    await expect(
      addExpertQuery(fresh, { text: 'second question', judge: 'Ann', judgements: [{ docId: 'plans', grade: 1 }] }),
    ).rejects.toThrow();
    expect(fs.existsSync(queryAdditionsFile(queriesOf(fresh)))).toBe(false);
  });

  it('lets a later judgement name the new query (checkKnownIds reads the added queries)', async () => {
    const qrels = tinyBeirCopy();
    const id = idOf('how big can an upload be');
    await expect(addJudgement(qrels, { queryId: id, docId: 'api-upload' })).rejects.toThrow(`unknown query id "${id}"`);
    await addExpertQuery(qrels, {
      text: 'How big can an upload be',
      judge: 'Ann',
      judgements: [{ docId: 'plans', grade: 0 }],
    });
    const later = await addJudgement(qrels, { queryId: id, docId: 'api-upload', grade: 2, judge: 'Bo' });
    expect(later).toMatchObject({ query_id: id, doc_id: 'api-upload', grade: 2 });
  });

  it('of two writers asking the same question at once, one records it and the other is told it was asked', async () => {
    const qrels = tinyBeirCopy();
    const ask = (judge: string) =>
      addExpertQuery(qrels, { text: 'is there an sla', judge, judgements: [{ docId: 'plans', grade: 1 }] });
    const results = await Promise.allSettled([ask('Ann'), ask('Bo')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConflictError);
    expect(linesOf(queryAdditionsFile(queriesOf(qrels)))).toHaveLength(1);
    expect(linesOf(additionsFile(qrels))).toHaveLength(1);
  });
});

describe('readQuerySet', () => {
  const beirCopy = () => queriesOf(tinyBeirCopy());

  it('is the published queries alone when the additions file is missing or empty', async () => {
    const queries = beirCopy();
    expect((await readQuerySet(queries)).map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    fs.writeFileSync(queryAdditionsFile(queries), '');
    expect((await readQuerySet(queries)).map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
  });

  it('refuses an added id that repeats a published or an earlier added one, naming file and line', async () => {
    const queries = beirCopy();
    const file = queryAdditionsFile(queries);
    fs.writeFileSync(file, '{"_id": "exp-1", "text": "a"}\n\n{"_id": "q2", "text": "b"}\n');
    await expect(readQuerySet(queries)).rejects.toThrow(
      `${file}:3 (field "_id"): query id "q2" is already used by the published ${queries}`,
    );
    fs.writeFileSync(file, '{"_id": "exp-1", "text": "a"}\n{"_id": "exp-1", "text": "b"}\n');
    await expect(readQuerySet(queries)).rejects.toThrow(
      `${file}:2 (field "_id"): query id "exp-1" is already used by line 1`,
    );
  });
});
