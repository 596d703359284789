/**
 * Validates the demo corpus and prints its statistics.
 *
 *   npx tsx corpora/demo/check-corpus.ts
 *
 * Checks that corpus.jsonl is current with pages/ (regenerating gives the same bytes), that
 * queries carry only the allowed tag values, that every qrels line names a known query and a
 * known document with grade 1 or 2 and no pair repeats, and that every `answers` string occurs
 * verbatim (case-sensitive) in at least one grade-2 document of its query. Exits with status 1
 * when any check fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_DIR, readPages, renderCorpus, type Page } from './make-corpus.js';

const ALLOWED: Record<string, readonly string[]> = {
  type: ['identifier', 'how-to', 'conceptual', 'comparison'],
  language: ['en', 'de', 'fr', 'es', 'ja', 'zh'],
  source: ['real', 'synthetic'],
  popularity: ['head', 'tail'],
};
const QRELS_HEADER = 'query-id\tcorpus-id\tscore';
const LONG_WORDS = 600;
const LONG_CJK_CHARS = 1500;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/g;

const errors: string[] = [];
const fail = (message: string) => errors.push(message);

interface Query {
  id: string;
  text: string;
  tags: Record<string, string>;
  answers: string[] | undefined;
}

// --- documents ---------------------------------------------------------------------------
let pages: Page[] = [];
try {
  pages = readPages(DEMO_DIR);
} catch (err) {
  fail(`pages: ${(err as Error).message}`);
}
const corpusFile = join(DEMO_DIR, 'corpus.jsonl');
if (!existsSync(corpusFile)) fail('corpus.jsonl is missing: run npx tsx corpora/demo/make-corpus.ts');
else if (pages.length > 0 && readFileSync(corpusFile, 'utf8') !== renderCorpus(pages)) {
  fail('corpus.jsonl is stale: regenerating from pages/ gives different bytes (run make-corpus.ts)');
}
const docs = new Map<string, Page>();
for (const page of pages) {
  docs.set(page.id, page);
  const folder = page.id.includes('/') ? page.id.split('/')[0]! : undefined;
  if (folder !== undefined && folder !== page.language) {
    fail(`page ${page.id} is in folder ${folder}/ but languages.json gives "${page.language}"`);
  }
  if (!ALLOWED.language!.includes(page.language)) fail(`page ${page.id}: language "${page.language}" not allowed`);
  if (!/\n## \S/.test(page.text)) fail(`page ${page.id} has no "##" section`);
}
if (pages.length < 200 || pages.length > 400) console.warn(`note: ${pages.length} documents (target 200-400)`);

// --- queries -----------------------------------------------------------------------------
const queries = new Map<string, Query>();
const queryLines = readFileSync(join(DEMO_DIR, 'queries.jsonl'), 'utf8').split('\n');
queryLines.forEach((line, index) => {
  if (line.trim() === '') return;
  const at = `queries.jsonl:${index + 1}`;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    fail(`${at}: not valid JSON`);
    return;
  }
  const id = record._id;
  if (typeof id !== 'string' || !/^q\d{3,}$/.test(id)) return fail(`${at}: _id must look like "q001"`);
  if (queries.has(id)) return fail(`${at}: duplicate query id ${id}`);
  if (typeof record.text !== 'string' || record.text.trim() === '') fail(`${at}: empty text`);
  const metadata = (record.metadata ?? {}) as Record<string, unknown>;
  const tags: Record<string, string> = {};
  for (const [tag, values] of Object.entries(ALLOWED)) {
    const value = metadata[tag];
    if (typeof value !== 'string' || !values.includes(value)) {
      fail(`${at} (${id}): metadata.${tag} must be one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
    } else tags[tag] = value;
  }
  for (const key of Object.keys(metadata)) if (!(key in ALLOWED)) fail(`${at} (${id}): unknown tag "${key}"`);
  let answers: string[] | undefined;
  if (record.answers !== undefined) {
    if (
      !Array.isArray(record.answers) ||
      record.answers.length === 0 ||
      record.answers.some((a) => typeof a !== 'string' || a.trim() === '')
    ) {
      fail(`${at} (${id}): answers must be a non-empty list of non-empty strings`);
    } else answers = record.answers as string[];
  }
  queries.set(id, { id, text: String(record.text), tags, answers });
});

// --- qrels -------------------------------------------------------------------------------
const judged = new Map<string, Map<string, number>>();
const qrelsLines = readFileSync(join(DEMO_DIR, 'qrels', 'test.tsv'), 'utf8').split('\n');
if (qrelsLines[0] !== QRELS_HEADER)
  fail(`qrels/test.tsv: first line must be the header "${QRELS_HEADER.replace(/\t/g, '\\t')}"`);
let qrelsCount = 0;
qrelsLines.slice(1).forEach((line, index) => {
  if (line === '') return;
  const at = `qrels/test.tsv:${index + 2}`;
  const fields = line.split('\t');
  if (fields.length !== 3) return fail(`${at}: expected 3 tab-separated columns, got ${fields.length}`);
  const [qid, docId, grade] = fields as [string, string, string];
  if (!queries.has(qid)) fail(`${at}: unknown query id ${qid}`);
  if (!docs.has(docId)) fail(`${at}: unknown corpus id ${docId}`);
  if (grade !== '1' && grade !== '2') fail(`${at}: grade must be 1 or 2, got ${JSON.stringify(grade)}`);
  let forQuery = judged.get(qid);
  if (forQuery === undefined) judged.set(qid, (forQuery = new Map()));
  if (forQuery.has(docId)) fail(`${at}: duplicate pair ${qid} ${docId}`);
  forQuery.set(docId, Number(grade));
  qrelsCount += 1;
});

for (const query of queries.values()) {
  const forQuery = judged.get(query.id);
  if (forQuery === undefined) {
    if (query.answers) fail(`${query.id}: has answers but no qrels (unanswerable queries carry no answers)`);
    continue;
  }
  const grade2 = [...forQuery].filter(([, g]) => g === 2).map(([d]) => d);
  if (grade2.length === 0) fail(`${query.id}: judged, but no grade-2 document`);
  for (const answer of query.answers ?? []) {
    if (!grade2.some((d) => docs.get(d)?.text.includes(answer))) {
      fail(`${query.id}: answer ${JSON.stringify(answer)} occurs in no grade-2 document (${grade2.join(', ')})`);
    }
  }
}

// --- report ------------------------------------------------------------------------------
const pct = (n: number, total: number) => `${((100 * n) / Math.max(total, 1)).toFixed(1)}%`;
const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
};
const printTally = (label: string, values: string[]) => {
  const parts = tally(values).map(([v, n]) => `${v} ${n} (${pct(n, values.length)})`);
  console.log(`  ${label.padEnd(11)} ${parts.join(', ')}`);
};
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const isLong = (p: Page) =>
  (p.text.match(CJK) ?? []).length > 200
    ? (p.text.match(CJK) ?? []).length >= LONG_CJK_CHARS
    : wordCount(p.text) >= LONG_WORDS;

console.log(`documents: ${pages.length}`);
printTally(
  'language',
  pages.map((p) => p.language),
);
const long = pages.filter(isLong);
console.log(`  long pages (${LONG_WORDS}+ words, or ${LONG_CJK_CHARS}+ CJK characters): ${long.length}`);
const sizes = pages
  .filter((p) => p.language !== 'ja' && p.language !== 'zh')
  .map((p) => wordCount(p.text))
  .sort((a, b) => a - b);
if (sizes.length > 0) {
  console.log(
    `  words per non-CJK page: min ${sizes[0]}, median ${sizes[Math.floor(sizes.length / 2)]}, max ${sizes[sizes.length - 1]}`,
  );
}
const all = [...queries.values()];
console.log(`queries: ${all.length}`);
for (const tag of Object.keys(ALLOWED))
  printTally(
    tag,
    all.map((q) => q.tags[tag] ?? '?'),
  );
console.log(`  with answers ${all.filter((q) => q.answers).length}`);
const grades = [...judged.values()].flatMap((m) => [...m.values()]);
console.log(
  `qrels lines: ${qrelsCount} (grade 2: ${grades.filter((g) => g === 2).length}, grade 1: ${grades.filter((g) => g === 1).length})`,
);
const answerable = all.filter((q) => judged.has(q.id));
console.log(
  `  judged documents per answerable query: ${(qrelsCount / Math.max(answerable.length, 1)).toFixed(2)}; with 2+ judged: ${answerable.filter((q) => judged.get(q.id)!.size > 1).length}`,
);
const unanswerable = all.filter((q) => !judged.has(q.id));
console.log(
  `unanswerable queries (no qrels): ${unanswerable.length} of ${all.length} (${pct(unanswerable.length, all.length)})`,
);

if (errors.length > 0) {
  console.error(`\n${errors.length} problem(s):`);
  for (const e of errors.slice(0, 50)) console.error(`  - ${e}`);
  if (errors.length > 50) console.error(`  ... and ${errors.length - 50} more`);
  process.exit(1);
}
console.log('\nOK: all checks passed');
