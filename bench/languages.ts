/**
 * Per-language lexical search on XQuAD-R (question -> answer sentence, 11 languages), before and
 * after the language-aware analyser: FTS5 BM25 with `unicode61` (no segmentation, no stemming)
 * vs `multilingual` (Unicode word segmentation, accent folding, Snowball stemming), document
 * level, lexical only. Also the 11-language pool (xquad-r-multi), per language, with the
 * same-language qrels, searched whole and with a `lang=` filter on the query's detected language.
 * Then the wink engine on the same indexes (English analysis on `unicode61`, the index's own
 * analysis on `multilingual`), FTS5 with and without stop words (`multilingual-stop`), and
 * with and without stemming (`multilingual-nostem`).
 *
 *   npx tsx bench/languages.ts [--corpora ../shared/corpora] [--langs zh,th,de] [--parts single,wink,stop,nostem,multi]
 *
 * `--parts` prints only the named tables (all by default); each builds only the indexes it reads.
 *
 * "Simple baseline" is the sanity BM25 of ../shared/corpora/README.md (Python, k1 0.9, b 0.4,
 * Porter stemming): the target is no language below it, and zh/th within 0.10 of the
 * space-separated languages.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { detectLanguage } from '../src/analysis/detect-language.js';
import { beirPaths, readQrels, readQueries } from '../src/corpus/index.js';
import type { Qrels, Query } from '../src/corpus/types.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { ndcgAt } from '../src/metrics/ndcg.js';
import { recallAt } from '../src/metrics/recall.js';
import { Searcher } from '../src/search/searcher.js';
import type { Engine } from '../src/search/types.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';

const { values } = parseArgs({
  options: {
    corpora: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/corpora') },
    langs: { type: 'string', default: 'ar,de,el,en,es,hi,ru,th,tr,vi,zh' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '.out') },
    parts: { type: 'string', default: 'single,wink,stop,nostem,multi' },
  },
});
const PARTS = ['single', 'wink', 'stop', 'nostem', 'multi'] as const;
const parts = new Set(values.parts.split(','));
for (const p of parts)
  if (!(PARTS as readonly string[]).includes(p)) throw new Error(`unknown part "${p}"; expected ${PARTS.join(', ')}`);

/** nDCG@10 from ../shared/corpora/README.md's simple BM25 sanity check. */
const SIMPLE_BASELINE: Record<string, number> = {
  ar: 0.6814,
  de: 0.7627,
  el: 0.7364,
  en: 0.845,
  es: 0.8045,
  hi: 0.6593,
  ru: 0.7056,
  th: 0.6848,
  tr: 0.7281,
  vi: 0.8456,
  zh: 0.0881,
};

interface Score {
  ndcg: number;
  recall: number;
  zeroHit: number;
  n: number;
}

async function evaluate(
  file: string,
  queries: Query[],
  qrels: Qrels,
  filterLang?: (q: Query) => string | undefined,
  engine: Engine = 'fts5',
): Promise<Score> {
  const searcher = new Searcher('x', file, () => Promise.reject(new Error('lexical only')));
  const bm25 = await searcher.prepare(pipelineForMode('bm25', { engine, k: 100, level: 'doc' }));
  let ndcg = 0,
    recall = 0,
    zero = 0,
    n = 0;
  for (const q of queries) {
    const judged = qrels.get(q.id);
    if (!judged) continue;
    const lang = filterLang?.(q);
    // The filter varies per query: the prepared legs, with this query's compiled filter.
    const { hits } = await searcher.retrieve(
      lang ? { ...bm25, filter: searcher.reader.compileFilter({ lang }) } : bm25,
      q.text,
    );
    const ranking = hits.map((h) => h.id);
    ndcg += ndcgAt(ranking, judged, 10);
    recall += recallAt(ranking, judged, 100);
    if (hits.length === 0) zero++;
    n++;
  }
  searcher.close();
  return { ndcg: ndcg / n, recall: recall / n, zeroHit: zero / n, n };
}

const f = (x: number) => x.toFixed(4);
const delta = (x: number) => (x >= 0 ? '+' : '') + f(x);
const zeroHit = (s: Score) => `${(100 * s.zeroHit).toFixed(1)}%`;
const langs = values.langs.split(',');

/** One language's corpus; its FTS5 scores per tokenizer, each index built on first use. */
interface LanguageRun {
  lang: string;
  queries: Query[];
  qrels: Qrels;
  index: (tokenizer: string) => string;
  fts5: (tokenizer: string) => Promise<Score>;
}
async function languageRun(lang: string): Promise<LanguageRun> {
  const dir = path.join(values.corpora, `xquad-r-${lang}`);
  const paths = await beirPaths(dir);
  const queries = await readQueries(paths.queries);
  const qrels = await readQrels(paths.qrels);
  const index = (tokenizer: string) => path.join(values.out, `xquad-${lang}-${tokenizer}.sqlite`);
  const scores = new Map<string, Score>();
  const fts5 = async (tokenizer: string) => {
    let s = scores.get(tokenizer);
    if (!s) {
      await buildIndex({ corpus: dir, out: index(tokenizer), chunker: 'doc', embedder: 'none', tokenizer });
      s = await evaluate(index(tokenizer), queries, qrels);
      scores.set(tokenizer, s);
    }
    return s;
  };
  return { lang, queries, qrels, index, fts5 };
}
const perLanguage: LanguageRun[] = [];
if (['single', 'wink', 'stop', 'nostem'].some((p) => parts.has(p)))
  for (const lang of langs) perLanguage.push(await languageRun(lang));

if (parts.has('single')) {
  console.log('## XQuAD-R, one language at a time (FTS5 BM25, document level)\n');
  console.log(
    '| lang | simple baseline nDCG@10 | unicode61 nDCG@10 / R@100 / zero-hit | multilingual nDCG@10 / R@100 / zero-hit | Δ nDCG@10 |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const { lang, fts5 } of perLanguage) {
    const before = await fts5('unicode61'),
      after = await fts5('multilingual');
    console.log(
      `| ${lang} | ${f(SIMPLE_BASELINE[lang] ?? NaN)} | ${f(before.ndcg)} / ${f(before.recall)} / ${zeroHit(before)} | ${f(after.ndcg)} / ${f(after.recall)} / ${zeroHit(after)} | ${delta(after.ndcg - before.ndcg)} |`,
    );
  }
}

if (parts.has('wink')) {
  console.log('\n## XQuAD-R, wink BM25 (k1 0.9, b 0.4) on the same indexes, document level\n');
  console.log(
    '| lang | wink on unicode61 (English analysis) nDCG@10 / R@100 / zero-hit | wink on multilingual nDCG@10 / R@100 / zero-hit | FTS5 on multilingual nDCG@10 | wink - FTS5 nDCG@10 |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const { lang, queries, qrels, index, fts5 } of perLanguage) {
    await fts5('unicode61');
    const ref = await fts5('multilingual');
    const before = await evaluate(index('unicode61'), queries, qrels, undefined, 'wink');
    const after = await evaluate(index('multilingual'), queries, qrels, undefined, 'wink');
    console.log(
      `| ${lang} | ${f(before.ndcg)} / ${f(before.recall)} / ${zeroHit(before)} | ${f(after.ndcg)} / ${f(after.recall)} / ${zeroHit(after)} | ${f(ref.ndcg)} | ${delta(after.ndcg - ref.ndcg)} |`,
    );
  }
}

/** multilingual against one variant of it, per language, with the mean. */
async function versusPlain(variant: string): Promise<void> {
  console.log(`| lang | multilingual nDCG@10 / R@100 | ${variant} nDCG@10 / R@100 | Δ nDCG@10 |`);
  console.log('|---|---:|---:|---:|');
  const means = { plain: 0, other: 0 };
  for (const { lang, fts5 } of perLanguage) {
    const plain = await fts5('multilingual'),
      other = await fts5(variant);
    means.plain += plain.ndcg / perLanguage.length;
    means.other += other.ndcg / perLanguage.length;
    console.log(
      `| ${lang} | ${f(plain.ndcg)} / ${f(plain.recall)} | ${f(other.ndcg)} / ${f(other.recall)} | ${delta(other.ndcg - plain.ndcg)} |`,
    );
  }
  console.log(`| mean | ${f(means.plain)} | ${f(means.other)} | ${delta(means.other - means.plain)} |`);
}

if (parts.has('stop')) {
  console.log('\n## XQuAD-R, stop words (stopwords-iso) or not: FTS5 BM25, document level\n');
  await versusPlain('multilingual-stop');
}

if (parts.has('nostem')) {
  console.log('\n## XQuAD-R, Snowball stemming or not: FTS5 BM25, document level\n');
  await versusPlain('multilingual-nostem');
}

if (parts.has('multi')) {
  console.log(
    '\n## xquad-r-multi: the 11-language pool, per query language (same-language qrels, multilingual analyser)\n',
  );
  const multi = path.join(values.corpora, 'xquad-r-multi');
  const queries = await readQueries(path.join(multi, 'queries.jsonl'));
  const qrels = await readQrels(path.join(multi, 'qrels', 'test.same-language-only.tsv'));
  const out = path.join(values.out, 'xquad-multi-multilingual.sqlite');
  // The pool's language is the id prefix: give it as metadata? The corpus has none, so detect.
  const meta = await buildIndex({ corpus: multi, out, chunker: 'doc', embedder: 'none', tokenizer: 'multilingual' });
  console.log(
    `Detected document languages: ${Object.entries(meta.languages)
      .sort((a, b) => b[1] - a[1])
      .map(([l, n]) => `${l} ${n}`)
      .join(', ')}\n`,
  );
  console.log(
    '| lang | queries | whole pool nDCG@10 / R@100 | lang = detected query language nDCG@10 / R@100 | wink, whole pool nDCG@10 / R@100 |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const lang of langs) {
    const mine = queries.filter((q) => q.id.startsWith(`${lang}_`));
    const whole = await evaluate(out, mine, qrels);
    const filtered = await evaluate(out, mine, qrels, (q) => detectLanguage(q.text));
    const wink = await evaluate(out, mine, qrels, undefined, 'wink');
    console.log(
      `| ${lang} | ${whole.n} | ${f(whole.ndcg)} / ${f(whole.recall)} | ${f(filtered.ndcg)} / ${f(filtered.recall)} | ${f(wink.ndcg)} / ${f(wink.recall)} |`,
    );
  }
}
