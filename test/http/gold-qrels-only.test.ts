import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * The gold routes write `<qrels>.additions.jsonl` beside the qrels file they are given, so over
 * HTTP that file must be a qrels file: a BEIR `qrels/SPLIT.tsv` inside the corpora root. Any
 * other file there (a README, the corpus, the queries; a link in a qrels folder to one of them)
 * is a JSON 400 naming the rule, and nothing is written anywhere.
 */
const root = tmpDir('gold-qrels-only-');
const corporaRoot = path.join(root, 'corpora');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(corporaRoot, 'tiny', 'README.md'), '# tiny\n');
  fs.writeFileSync(path.join(corporaRoot, 'tiny', 'notes.tsv'), 'q1\tplans\t1\n');
  // A qrels folder entry that is really the README: the rule holds for the file written beside.
  fs.symlinkSync('../README.md', path.join(corporaRoot, 'tiny', 'qrels', 'readme.tsv'));
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({ catalog, corporaRoot });
});
afterAll(() => catalog.close());

/** Every file under the corpora root, relative to it. */
const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

const json = (method: string, url: string, payload: unknown) =>
  app.request(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });

const NOT_QRELS = [
  'tiny/README.md',
  'tiny/corpus.jsonl',
  'tiny/queries.jsonl',
  'tiny/notes.tsv',
  'tiny/qrels/readme.tsv',
];

describe('gold routes take qrels files only', () => {
  it.each(NOT_QRELS)(
    '%s: POST /gold, POST /gold/queries, DELETE /gold are JSON 400s naming the rule; nothing is written',
    async (qrels) => {
      const before = filesUnder(corporaRoot);
      const answers = [
        await json('POST', '/gold', { qrels, query_id: 'q1', doc_id: 'plans', grade: 1 }),
        await json('POST', '/gold/queries', {
          qrels,
          text: 'how big is the team plan',
          judge: 'Bo',
          judgements: [{ doc_id: 'plans', grade: 2 }],
        }),
        await app.request(`/gold?qrels=${encodeURIComponent(qrels)}&query_id=q1&doc_id=plans`, { method: 'DELETE' }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const { error } = (await res.json()) as { error: { code: string; message: string } };
        expect(error.message).toBe(
          `qrels ${JSON.stringify(qrels)} is not a qrels file: give a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root`,
        );
      }
      expect(filesUnder(corporaRoot)).toEqual(before);
    },
  );

  it('a BEIR qrels file is still taken, its additions written beside it', async () => {
    const res = await json('POST', '/gold', {
      qrels: 'tiny/qrels/test.tsv',
      query_id: 'q1',
      doc_id: 'plans',
      grade: 1,
    });
    expect(res.status).toBe(201);
    expect(fs.existsSync(path.join(corporaRoot, 'tiny', 'qrels', 'test.tsv.additions.jsonl'))).toBe(true);
  });
});
