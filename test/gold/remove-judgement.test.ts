import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError, InputError, NotFoundError } from '../../src/errors.js';
import { addJudgement, readAdditions } from '../../src/gold/additions.js';
import { readGold } from '../../src/gold/read-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { removeJudgement } from '../../src/gold/remove-judgement.js';
import { plain, tinyBeirCopy, TINY_QRELS } from './helpers.js';

const JAN = new Date('2025-01-01T00:00:00Z');
const FEB = new Date('2025-02-01T00:00:00Z');

/** Every file in the folder of a qrels file, to show that nothing (lock, temp file) is left over. */
const filesBeside = (qrels: string) => fs.readdirSync(path.dirname(qrels)).sort();

describe('removeJudgement', () => {
  it('add then remove leaves the folder as it was: no additions file, not even an empty one', async () => {
    const qrels = tinyBeirCopy();
    const before = filesBeside(qrels);
    await addJudgement(qrels, { queryId: 'q5', docId: 'install-mac', grade: 2, note: 'macOS only', date: JAN });
    expect(filesBeside(qrels)).toEqual([...before, 'test.tsv.additions.jsonl']);

    const removal = await removeJudgement(qrels, { queryId: 'q5', docId: 'install-mac' });
    expect(removal).toEqual({
      removed: [
        { query_id: 'q5', doc_id: 'install-mac', grade: 2, date: '2025-01-01T00:00:00.000Z', note: 'macOS only' },
      ],
      remaining: 0,
    });
    expect(filesBeside(qrels)).toEqual(before);
    expect(plain(await readGold(qrels))).toEqual(TINY_QRELS);
  });

  it('takes back every addition of the pair and keeps the other lines as stored, unknown keys too', async () => {
    const qrels = tinyBeirCopy();
    const other = '{"query_id":"q2","doc_id":"plans","grade":1,"date":"2025-01-01T00:00:00Z","author":"ann"}';
    fs.writeFileSync(additionsFile(qrels), other + '\n\n'); // a blank line, as racing appends could leave
    await addJudgement(qrels, { queryId: 'q1', docId: 'ja-reset', grade: 1, date: JAN });
    await addJudgement(qrels, { queryId: 'q3', docId: 'release-3-2', grade: 2, date: JAN });
    await addJudgement(qrels, { queryId: 'q1', docId: 'ja-reset', grade: 3, date: FEB });

    const { removed, remaining } = await removeJudgement(qrels, { queryId: 'q1', docId: 'ja-reset' });
    expect(removed.map((a) => [a.grade, a.date])).toEqual([
      [1, '2025-01-01T00:00:00.000Z'],
      [3, '2025-02-01T00:00:00.000Z'],
    ]);
    expect(remaining).toBe(2);
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(
      other + '\n' + '{"query_id":"q3","doc_id":"release-3-2","grade":2,"date":"2025-01-01T00:00:00.000Z"}\n',
    );
    expect(plain(await readGold(qrels)).q1).toEqual(TINY_QRELS.q1); // no ja-reset any more
  });

  it("with a judge, takes back only that judge's additions of the pair: the other judge's grade stays", async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'install-mac',
      grade: 1,
      judge: 'ada',
      source: 'human',
      date: JAN,
    });
    const before = fs.readFileSync(additionsFile(qrels), 'utf8');
    await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'install-mac',
      grade: 3,
      judge: 'bob',
      source: 'human',
      date: FEB,
    });

    const removal = await removeJudgement(qrels, { queryId: 'q5', docId: 'install-mac', judge: 'bob' });
    expect(removal.removed.map((a) => [a.judge, a.grade])).toEqual([['bob', 3]]);
    expect(removal.remaining).toBe(1);
    // bob's undo leaves the file exactly as it was before bob judged
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(before);
    // nothing more of bob's to take back: not found, and ada's line is still there
    await expect(removeJudgement(qrels, { queryId: 'q5', docId: 'install-mac', judge: 'bob' })).rejects.toThrow(
      NotFoundError,
    );
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(before);
  });

  it('an addition that overruled the published qrels goes, and the published grade is back', async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, { queryId: 'q4', docId: 'install-linux', grade: 0, date: JAN }); // the qrels say 2
    expect((await readGold(qrels)).get('q4')?.get('install-linux')).toBe(0);
    const removal = await removeJudgement(qrels, { queryId: 'q4', docId: 'install-linux' });
    expect(removal).toMatchObject({ published: 2, remaining: 0 });
    expect((await readGold(qrels)).get('q4')?.get('install-linux')).toBe(2);
  });

  it('a judgement only in the published qrels is refused, naming that file; nothing is written', async () => {
    const qrels = tinyBeirCopy();
    const original = fs.readFileSync(qrels, 'utf8');
    const err = (await removeJudgement(qrels, { queryId: 'q1', docId: 'faq-reset' }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toBe(
      `query "q1" document "faq-reset" is judged (grade 2) in the published qrels file ${qrels}, which is never edited: ` +
        `only judgements added to ${additionsFile(qrels)} can be removed; add grade 0 to overrule it`,
    );
    expect(fs.readFileSync(qrels, 'utf8')).toBe(original);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it('a pair judged nowhere is not found, and the other additions stay', async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', date: JAN });
    const before = fs.readFileSync(additionsFile(qrels), 'utf8');
    const err = (await removeJudgement(qrels, { queryId: 'q2', docId: 'install-mac' }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe(`no judgement of query "q2" document "install-mac" was added to ${additionsFile(qrels)}`);
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(before);
  });

  it('ids are not checked against the corpus: an addition whose document has gone can still be taken back', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(
      additionsFile(qrels),
      '{"query_id":"q1","doc_id":"retired-doc","grade":1,"date":"2025-01-01T00:00:00Z"}\n',
    );
    expect((await removeJudgement(qrels, { queryId: 'q1', docId: 'retired-doc' })).removed).toHaveLength(1);
    expect(fs.existsSync(additionsFile(qrels))).toBe(false);
  });

  it('a damaged additions file is refused with file:line and left untouched', async () => {
    const qrels = tinyBeirCopy();
    const text = '{"query_id":"q1","doc_id":"ja-reset","grade":1,"date":"2025-01-01T00:00:00Z"}\n{"query_id": "q1",\n';
    fs.writeFileSync(additionsFile(qrels), text);
    const err = (await removeJudgement(qrels, { queryId: 'q1', docId: 'ja-reset' }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message.startsWith(`${additionsFile(qrels)}:2: malformed JSON`)).toBe(true);
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toBe(text);
  });

  it('bad ids and a missing qrels file are refused like addJudgement refuses them', async () => {
    const qrels = tinyBeirCopy();
    await expect(removeJudgement(qrels, { queryId: 'q\t1', docId: 'plans' })).rejects.toThrow(
      '(field "query_id"): query id must be a non-empty string without tabs or line breaks',
    );
    const missing = path.join(path.dirname(qrels), 'dev.tsv');
    await expect(removeJudgement(missing, { queryId: 'q1', docId: 'plans' })).rejects.toThrow(
      `qrels file not found: ${missing}`,
    );
  });

  it('readAdditions after a removal lists only what is left', async () => {
    const qrels = tinyBeirCopy();
    await addJudgement(qrels, { queryId: 'q1', docId: 'ja-reset', date: JAN });
    await addJudgement(qrels, { queryId: 'q2', docId: 'plans', date: JAN });
    await removeJudgement(qrels, { queryId: 'q1', docId: 'ja-reset' });
    expect((await readAdditions(qrels)).map((a) => `${a.query_id}/${a.doc_id}`)).toEqual(['q2/plans']);
  });
});
