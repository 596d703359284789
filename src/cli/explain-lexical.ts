import { winkQueryTerms } from '../legs/lexical.js';
import { fts5Phrases } from '../retrievers/fts5-bm25.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { bm25Sql, matchOf } from '../store/bm25-sql.js';
import type { IndexReader } from '../store/index-reader.js';

/**
 * What `testbed search --sql` prints before searching: for each lexical leg of the pipeline, the
 * terms it searches for after the index's analysis (stems, stop words dropped), not the words
 * typed; for an fts5 leg the MATCH expression over those terms and the statement bm25TopK
 * (store/bm25-top-k.ts) runs, first over the rarest phrases alone for a lower bound, then over
 * chunks containing the phrases that can still reach the top k; for a wink leg, that it scores
 * in memory and runs no SQL; for a postings leg, which tables it reads. A pipeline without a lexical leg gets one line saying so.
 */
export function explainLexicalLegs(reader: IndexReader, pipeline: Pipeline, query: string): string {
  const lines: string[] = [];
  for (const leg of pipeline.legs) {
    if (leg.type !== 'lexical') continue;
    if (leg.engine === 'fts5') {
      const phrases = fts5Phrases(reader, query, pipeline.qlang);
      lines.push(`-- leg "${leg.name}" (fts5): terms ${termList(phrases)}`);
      lines.push(phrases.length === 0 ? '-- no term to search for: no SQL runs' : `-- MATCH ${matchOf(phrases)}`);
      if (phrases.length > 0) lines.push(bm25Sql({ candidates: true }));
    } else {
      lines.push(
        `-- leg "${leg.name}" (${leg.engine}): terms ${termList(winkQueryTerms(reader)(query, pipeline.qlang))}`,
      );
      lines.push(
        leg.engine === 'postings'
          ? '-- postings reads each term from postings_terms and its blocks from postings_blocks by rowid (MaxScore skips blocks that cannot reach the top k)'
          : '-- wink scores in memory (wink-bm25-text-search): no SQL runs',
      );
    }
  }
  if (lines.length === 0) lines.push('-- this pipeline has no lexical leg: no SQL runs');
  return lines.join('\n') + '\n';
}

const termList = (terms: readonly string[]): string => (terms.length === 0 ? '(none)' : terms.join(', '));
