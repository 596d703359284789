/**
 * BM25 against the reference BM25 of the field (Anserini: Lucene BM25, k1 0.9, b 0.4, English
 * stop words, Porter), per collection: the old default (FTS5, unicode61), the new default
 * (`--tokenizer auto`, engine DEFAULT_ENGINE), every engine x analysis pair, and the reference.
 * Document level, one chunk per document, lexical only, 1000 hits per query (MAP is trec_eval's
 * `map` over those 1000).
 *
 *   npx tsx bench/bm25-reference.ts [--collections scifact,cranfield,...]
 *
 * References: SciFact is Anserini's published flat run (nDCG@10 0.6789, R@100 0.9253). For the
 * other collections no Anserini figure is published; their reference is the BM25 sanity column
 * of ../shared/corpora/README.md (an independent Python BM25: k1 0.9, b 0.4, Porter,
 * title + text), which on SciFact gives 0.6769 against Anserini's 0.6789.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/indexing/build-index.js';
import { averagePrecision } from '../src/metrics/average-precision.js';
import { ndcgAt } from '../src/metrics/ndcg.js';
import { recallAt } from '../src/metrics/recall.js';
import { Searcher } from '../src/search/searcher.js';
import { DEFAULT_ENGINE, type Engine } from '../src/search/types.js';
import { pipelineForMode } from '../src/pipeline/search-spec.js';
import type { TokenizerRequest } from '../src/store/tokenizers.js';
import { loadGold, OUT_DIR, type Gold } from './lib/corpora.js';
import { f4, mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    collections: {
      type: 'string',
      default: 'scifact,cranfield,cisi,medline,lisa,xquad-r-zh,xquad-r-th,xquad-r-de,xquad-r-en',
    },
  },
});

/** nDCG@10 / R@100 of the reference, with where it comes from. */
const REFERENCE: Record<string, { ndcg10: number; recall100: number; source: string }> = {
  scifact: { ndcg10: 0.6789, recall100: 0.9253, source: 'Anserini BM25 flat (published)' },
  cranfield: { ndcg10: 0.4917, recall100: 0.7409, source: 'shared README BM25' },
  cisi: { ndcg10: 0.3585, recall100: 0.4231, source: 'shared README BM25' },
  medline: { ndcg10: 0.6631, recall100: 0.7633, source: 'shared README BM25' },
  lisa: { ndcg10: 0.425, recall100: 0.7285, source: 'shared README BM25' },
  'xquad-r-zh': { ndcg10: 0.0881, recall100: 0.105, source: 'shared README BM25 (no segmentation: not a target)' },
  'xquad-r-th': { ndcg10: 0.6848, recall100: 0.8933, source: 'shared README BM25' },
  'xquad-r-de': { ndcg10: 0.7627, recall100: 0.9214, source: 'shared README BM25' },
  'xquad-r-en': { ndcg10: 0.845, recall100: 0.9777, source: 'shared README BM25' },
};

const TOKENIZERS: TokenizerRequest[] = ['unicode61', 'porter', 'english', 'multilingual', 'auto'];
const ENGINES: Engine[] = ['fts5', 'wink'];

interface Score {
  ndcg10: number;
  map: number;
  recall100: number;
}

async function score(file: string, gold: Gold, engine: Engine): Promise<Score> {
  const searcher = new Searcher('x', file, () => Promise.reject(new Error('lexical only')));
  const bm25 = await searcher.prepare(pipelineForMode('bm25', { engine, k: 1000, level: 'doc' }));
  let ndcg10 = 0,
    map = 0,
    recall100 = 0;
  for (const q of gold.queries) {
    const judged = gold.qrels.get(q.id)!;
    const ranking = (await searcher.retrieve(bm25, q.text)).hits.map((h) => h.id);
    ndcg10 += ndcgAt(ranking, judged, 10);
    map += averagePrecision(ranking, judged, 1000);
    recall100 += recallAt(ranking, judged, 100);
  }
  searcher.close();
  const n = gold.queries.length;
  return { ndcg10: ndcg10 / n, map: map / n, recall100: recall100 / n };
}

const show = (s: Score) => `${f4(s.ndcg10)} / ${f4(s.map)} / ${f4(s.recall100)}`;
const signed = (x: number) => (x >= 0 ? '+' : '') + f4(x);

const summary: (string | number)[][] = [];
for (const name of values.collections.split(',')) {
  const gold = await loadGold(name);
  const scores = new Map<string, Score>();
  let autoChoice = '';
  for (const tokenizer of TOKENIZERS) {
    const file = path.join(OUT_DIR, 'bm25-reference', `${name}-${tokenizer}.sqlite`);
    await buildIndex({
      corpus: gold.dir,
      out: file,
      chunker: 'doc',
      embedder: 'none',
      tokenizer,
      skipEmpty: true,
      onNotice: (m) => {
        if (m.startsWith('tokenizer auto')) autoChoice = m;
      },
    });
    for (const engine of ENGINES) scores.set(`${engine} ${tokenizer}`, await score(file, gold, engine));
  }
  const ref = REFERENCE[name]!;
  const rows = [...scores].map(([run, s]) => [run, show(s), signed(s.ndcg10 - ref.ndcg10)]);
  console.log(`\n### ${name} (${gold.queries.length} queries)\n\n${autoChoice}\n`);
  console.log(
    mdTable(
      ['engine, tokenizer', 'nDCG@10 / MAP / R@100', 'Δ nDCG@10 vs reference'],
      [...rows, [ref.source, `${f4(ref.ndcg10)} / - / ${f4(ref.recall100)}`, '']],
    ),
  );
  const oldDefault = scores.get('fts5 unicode61')!;
  const newDefault = scores.get(`${DEFAULT_ENGINE} auto`)!;
  const [bestRun, best] = [...scores].sort((a, b) => b[1].ndcg10 - a[1].ndcg10)[0]!;
  summary.push([
    name,
    show(oldDefault),
    show(newDefault),
    `${show(best)} (${bestRun})`,
    f4(ref.ndcg10),
    signed(newDefault.ndcg10 - ref.ndcg10),
  ]);
}
console.log('\n### Summary: nDCG@10 / MAP / R@100\n');
console.log(
  mdTable(
    [
      'collection',
      'old default (fts5 unicode61)',
      `new default (${DEFAULT_ENGINE} auto)`,
      'ours best',
      'reference nDCG@10',
      'new default − reference',
    ],
    summary,
  ),
);
