/**
 * FTS5 BM25 latency in process (issue 14): where a SciFact query's time goes, before and after
 * the top-k path, in one process and one run (the machine is shared: compare within a run only).
 *
 *   npx tsx bench/fts5-latency.ts [--dir /tmp/bm25] [--rounds 5] [--indexes english,porter,unicode61,words]
 *   perf record -g -o /tmp/perf.data -- npx tsx bench/fts5-latency.ts --indexes english --only before
 *   perf report -i /tmp/perf.data --children --sort symbol -g none   # where FTS5's time goes
 *
 * Indexes: SciFact (../shared/corpora/scifact, 5,183 documents) built with `--chunker doc
 * --embedder none` and the tokenizer named (english is what `auto` picks for SciFact), and
 * `words` (english, `--chunker words:100:20`, 14,299 chunks: several per document, so document
 * level collapses chunks). Built into --dir when missing, e.g. by
 *   node bin/testbed.js index ../shared/corpora/scifact --out /tmp/bm25/scifact-english.sqlite --chunker doc --embedder none
 * Queries: the 300 test queries (test qrels).
 *
 * Timed: the pipeline {"legs":[{"type":"lexical","engine":"fts5"}]} through Searcher.prepare and
 * Searcher.retrieve, at k 10 and 100, document and chunk level. "before" is the FTS5 leg as it was
 * (language-aware query terms with detection, the materialise-and-sort SQL kept as the test
 * oracle in test/store/bm25-oracle.ts, rankHits) plugged into the same prepared pipeline;
 * "after" is the leg the Searcher makes. Per query the two run back to back, in alternating order,
 * and must return the same hits. One warm-up round, then --rounds rounds; p50/p95 are over every
 * query of every round. "after, cold" is a fresh Searcher's first round (document frequencies and
 * the rowid map not yet read).
 *
 * The breakdown times each stage on its own, per query, median over queries and rounds: query
 * analysis (and the language detection inside it), the old statement (and, run separately, its
 * parts: FTS5 iterating the matches, bm25() over every match, and materialising, joining and
 * sorting them), and the new path's statements.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createQueryTerms } from '../src/analysis/query-terms.js';
import { detectLanguage } from '../src/analysis/detect-language.js';
import type { Query } from '../src/corpus/types.js';
import { buildIndex } from '../src/indexing/build-index.js';
import type { PipelineParts } from '../src/pipeline/run-pipeline.js';
import { rankHits } from '../src/ranking/rank.js';
import type { Hit, Level } from '../src/ranking/hit.js';
import type { Retriever } from '../src/retrievers/types.js';
import { Searcher } from '../src/search/searcher.js';
import { parsePipeline } from '../src/pipeline/resolve-pipeline.js';
import { matchOf, plainTerms, queryPhrases, termsToMatch, toMatchExpression } from '../src/store/bm25-sql.js';
import { bm25TopK, type Bm25Source } from '../src/store/bm25-top-k.js';
import type { IndexReader } from '../src/store/index-reader.js';
import { analysisIgnoresLanguage, analyzerFor } from '../src/store/tokenizers.js';
import { createOracle, oracleBm25Sql } from '../test/store/bm25-oracle.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR, loadGold } from './lib/corpora.js';
import { mdTable, ms, ratio } from './lib/markdown.js';
import { latencySummary, percentile } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/bm25' },
    rounds: { type: 'string', default: '5' },
    indexes: { type: 'string', default: 'english,porter,unicode61,words' },
    // For a profiler: time one side only, no breakdown.
    only: { type: 'string' },
  },
});
if (values.only !== undefined && values.only !== 'before' && values.only !== 'after')
  throw new Error('--only takes before or after');
const ROUNDS = Number(values.rounds);
const INDEXES: Record<string, { tokenizer: string; chunker: string }> = {
  english: { tokenizer: 'english', chunker: 'doc' },
  porter: { tokenizer: 'porter', chunker: 'doc' },
  unicode61: { tokenizer: 'unicode61', chunker: 'doc' },
  words: { tokenizer: 'english', chunker: 'words:100:20' },
};
const CASES: { level: Level; k: number }[] = [
  { level: 'doc', k: 10 },
  { level: 'doc', k: 100 },
  { level: 'chunk', k: 10 },
  { level: 'chunk', k: 100 },
];

printHeader('FTS5 BM25 latency in process, before and after (issue 14)', import.meta.url);
const queries = (await loadGold('scifact')).queries;
console.log(
  `${queries.length} SciFact test queries; ${ROUNDS} rounds after one warm-up round; p50/p95 over queries × rounds.\n`,
);

const latencyRows: (string | number)[][] = [];
const breakdowns: string[] = [];
for (const name of values.indexes.split(',')) {
  const spec = INDEXES[name];
  if (!spec) throw new Error(`unknown index ${name}; expected ${Object.keys(INDEXES).join(', ')}`);
  const file = path.join(values.dir, `scifact-${name}.sqlite`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(values.dir, { recursive: true });
    await buildIndex({
      corpus: path.join(CORPORA_DIR, 'scifact'),
      out: file,
      chunker: spec.chunker,
      embedder: 'none',
      tokenizer: spec.tokenizer,
      onNotice: () => {},
    });
  }
  for (const { level, k } of CASES) {
    const r = await timeCase(file, level, k);
    latencyRows.push([
      `${name} (${spec.chunker})`,
      level,
      k,
      ms(r.before.p50),
      ms(r.after.p50),
      ratio(r.after.p50, r.before.p50),
      ms(r.before.p95),
      ms(r.after.p95),
      ratio(r.after.p95, r.before.p95),
      ms(r.cold.p50),
    ]);
  }
  if (!values.only) breakdowns.push(await breakdown(name, file));
}

console.log('### Searcher.retrieve, one FTS5 leg (ms per query)\n');
console.log(
  mdTable(
    [
      'index',
      'level',
      'k',
      'p50 before',
      'p50 after',
      'after / before',
      'p95 before',
      'p95 after',
      'after / before',
      'p50 after, cold',
    ],
    latencyRows,
    'llr',
  ),
);
console.log('\n' + breakdowns.join('\n\n'));

/** The FTS5 leg as it was before issue 14, over `db`: analysis with detection, the oracle SQL, rankHits. */
function beforeLeg(reader: IndexReader, db: Database.Database): Retriever {
  const analyzer = analyzerFor(reader.meta.tokenizer);
  const queryTerms = analyzer && createQueryTerms(analyzer, reader.meta.languages ?? {});
  const oracle = createOracle(db);
  return {
    name: 'before',
    async search(query, { k, level, filter, queryLang }) {
      const match = queryTerms ? termsToMatch(queryTerms(query, queryLang)) : toMatchExpression(query);
      const rows = match === null || k <= 0 ? [] : oracle(match, level, k, filter?.sql);
      return { hits: rankHits(rows, k), timings: {} };
    },
  };
}

function pipelineFor(level: Level, k: number) {
  return parsePipeline({ legs: [{ type: 'lexical', engine: 'fts5' }], level, k });
}

function lexicalOnly(): Promise<never> {
  return Promise.reject(new Error('lexical only'));
}

async function timeCase(file: string, level: Level, k: number) {
  const pipeline = pipelineFor(level, k);
  // Cold: a fresh Searcher's first pass over the queries.
  const cold: number[] = [];
  if (values.only !== 'before') {
    const fresh = new Searcher('cold', file, lexicalOnly);
    const freshParts = await fresh.prepare(pipeline);
    for (const q of queries) {
      const t0 = performance.now();
      await fresh.retrieve(freshParts, q.text);
      cold.push(performance.now() - t0);
    }
    fresh.close();
  }

  const searcher = new Searcher('bench', file, lexicalOnly);
  const db = new Database(file, { readonly: true });
  const after = await searcher.prepare(pipeline);
  const before: PipelineParts = { ...after, legs: [beforeLeg(searcher.reader, db)] };
  const times = { before: [] as number[], after: [] as number[] };
  const one = async (parts: PipelineParts, q: Query) => {
    const t0 = performance.now();
    const { hits } = await searcher.retrieve(parts, q.text);
    return { hits, ms: performance.now() - t0 };
  };
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [i, q] of queries.entries()) {
      let order: ['before' | 'after', PipelineParts][] = [
        ['before', before],
        ['after', after],
      ];
      if ((i + round) % 2) order.reverse();
      if (values.only) order = order.filter(([which]) => which === values.only);
      const got: Record<string, Hit[]> = {};
      for (const [which, parts] of order) {
        const r = await one(parts, q);
        got[which] = r.hits;
        if (round > 0) times[which].push(r.ms);
      }
      if (round === 0 && !values.only && JSON.stringify(got.before) !== JSON.stringify(got.after))
        throw new Error(`query ${q.id}: before and after differ at ${level} k ${k}`);
    }
  }
  searcher.close();
  db.close();
  return { before: latencySummary(times.before), after: latencySummary(times.after), cold: latencySummary(cold) };
}

/** Median over queries × rounds of each stage, timed on its own. */
async function breakdown(name: string, file: string): Promise<string> {
  const searcher = new Searcher('breakdown', file, lexicalOnly);
  const reader = searcher.reader;
  const db = new Database(file, { readonly: true });
  const meta = reader.meta;
  const analyzer = analyzerFor(meta.tokenizer);
  const languageAware = analyzer && createQueryTerms(analyzer, meta.languages ?? {});
  const phrasesBefore = (q: string) => queryPhrases(languageAware ? languageAware(q) : plainTerms(q));
  const phrasesAfter = (q: string) =>
    queryPhrases(!analyzer ? plainTerms(q) : analysisIgnoresLanguage(meta.tokenizer) ? analyzer(q) : languageAware!(q));
  const count = db.prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?').pluck();
  const scoreAll = db.prepare(
    'SELECT rowid, -bm25(chunks_fts, 1, 1) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT 1',
  );
  const oracle = createOracle(db);
  const matches = queries.map((q) => matchOf(phrasesBefore(q.text)));
  const matched = queries.map((_, i) => count.get(matches[i]) as number);

  const sections: string[] = [];
  for (const { level, k } of CASES.filter((c) => c.k === 100 || c.level === 'doc')) {
    const firstRow = db.prepare(oracleBm25Sql(level));
    // Per stage, the time of each query (a stage called several times in a query, summed).
    const stage: Record<string, number[]> = {};
    let current: Record<string, number> = {};
    const time = <T>(s: string, f: () => T): T => {
      const t0 = performance.now();
      const out = f();
      current[s] = (current[s] ?? 0) + performance.now() - t0;
      return out;
    };
    const passes = { lower: 0, main: 0, candidates: 0, grown: 0, queries: 0 };
    for (let round = 0; round <= Math.min(ROUNDS, 3); round++) {
      for (const [i, q] of queries.entries()) {
        current = {};
        const m = matches[i]!;
        // Before.
        time(languageAware ? 'before: query analysis (language detection included)' : 'before: query analysis', () =>
          phrasesBefore(q.text),
        );
        const rows = time('before: SQL statement, all() (every row to JS)', () => oracle(m, level, k));
        time('before: SQL statement up to its first row', () => {
          const it = firstRow.iterate(m, k);
          it.next();
          it.return?.();
        });
        time('before: FTS5 iterating the matches alone (count(*))', () => count.get(m));
        time('before: iterating + bm25() on every match (ORDER BY score LIMIT 1)', () => scoreAll.get(m));
        // Timed after an SQL statement, as it runs in a stream of queries: its n-gram tables are
        // out of the CPU caches by then (timed right after another detection it takes 0.04 ms).
        if (languageAware)
          time('before: language detection alone, after an SQL statement', () => detectLanguage(q.text));
        time('before: rankHits', () => rankHits(rows, k));
        // After, stage by stage, on the reader's own source.
        const phrases = time('after: query analysis', () => phrasesAfter(q.text));
        const source = reader.bm25Source();
        let mainCalls = 0;
        const timed: Bm25Source = {
          rowCount: source.rowCount,
          docFrequency: (p) => time('after: document frequencies (cached after round 0)', () => source.docFrequency(p)),
          top: (ps, candidates, limit) => {
            const lower = ps.length < phrases.length;
            if (round > 0) {
              if (lower) passes.lower++;
              else {
                passes.main++;
                if (candidates) passes.candidates++;
                if (++mainCalls > 1) passes.grown++;
              }
            }
            return time(lower ? 'after: lower-bound statement' : 'after: top-k statement', () =>
              source.top(ps, candidates, limit),
            );
          },
        };
        time('after: bm25TopK in all', () => bm25TopK(timed, phrases, level, k, meta.counts.maxChunksPerDoc));
        if (round === 0) continue;
        passes.queries++;
        for (const [s, t] of Object.entries(current)) (stage[s] ??= []).push(t);
      }
    }
    const rowsOut = Object.entries(stage).map(([s, xs]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      // Stages that do not run for every query (a lower-bound statement) are medians over the queries that ran them.
      return [
        s,
        ms(percentile(sorted, 50)),
        ms(xs.reduce((a, b) => a + b, 0) / passes.queries),
        xs.length === passes.queries ? '' : `${((100 * xs.length) / passes.queries).toFixed(0)}%`,
      ];
    });
    sections.push(
      `**${name}, ${level} level, k ${k}** (matches per query: median ${percentile(
        [...matched].sort((a, b) => a - b),
        50,
      )} of ${meta.counts.chunks} chunks; ` +
        `per query ${(passes.lower / passes.queries).toFixed(2)} lower-bound statements, ${(passes.main / passes.queries).toFixed(2)} top-k statements, ` +
        `${((100 * passes.candidates) / Math.max(1, passes.main)).toFixed(0)}% of them over candidates only, ${passes.grown} grown limits)\n\n` +
        mdTable(['stage', 'median ms per query', 'mean ms per query', 'queries that run it'], rowsOut),
    );
  }
  searcher.close();
  db.close();
  return `### Where the time goes: ${name}\n\n` + sections.join('\n\n');
}
