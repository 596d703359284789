import { parseSearchParams } from '../../search/search-params.js';
import { MODES, type Mode } from '../../search/types.js';
import type { WebDeps } from '../deps.js';
import { indexForCorpus } from '../playground/index-for-corpus.js';
import { messageOf } from '../playground/run-playground.js';
import { judgingOrder, poolSeed } from './judging-order.js';

/** How many documents each leg contributes: the depth judged@10 looks at. */
export const QUESTION_DEPTH = 10;

/** A document a leg found for the written question, as the expert grades it. */
export interface Candidate {
  docId: string;
  title: string;
  /** The passage that matched (the best chunk of the document, as the search returned it). */
  passage: string;
}

/** A question an expert typed, and what every leg found for it. */
export interface WrittenQuestion {
  text: string;
  /** The served index built from the gold set's corpus, the one searched; undefined when there is none. */
  index?: string;
  /** The union of every leg's top QUESTION_DEPTH documents, in a seeded shuffled order (blind). */
  candidates: Candidate[];
  /** A leg that could not search (an index without embeddings has no dense leg), and why. */
  failed: { mode: Mode; message: string }[];
  /** Why nothing was searched at all. */
  error?: string;
}

/**
 * Searches an expert's new question with every leg (BM25, dense and their hybrid) over the index
 * built from the gold set's corpus, and pools their top documents for grading. The union is
 * shown blind, shuffled with a seed taken from the question and the documents, so the expert
 * marks what answers it without knowing which leg found it, as a pool is judged. Only an index
 * of this very corpus is searched: another corpus' documents could not be judged against it.
 */
export async function searchEveryLeg(deps: WebDeps, corpusDir: string, text: string): Promise<WrittenQuestion> {
  const question: WrittenQuestion = { text, candidates: [], failed: [] };
  if (deps.searchProtected) {
    question.error = 'search needs the token on this server (--protect-search), so the page cannot search it';
    return question;
  }
  const index = indexForCorpus(deps.catalog.indexes, corpusDir);
  if (index === undefined) {
    question.error = `no index is built from this gold set's corpus (${corpusDir}): build one to search it`;
    return question;
  }
  question.index = index;
  const found = new Map<string, Candidate>();
  try {
    const { file } = deps.catalog.indexes.searchable(index);
    for (const mode of MODES) {
      try {
        const { index: _, ...request } = parseSearchParams(mode, {
          index,
          q: text,
          k: String(QUESTION_DEPTH),
          level: 'doc',
        });
        const response = await deps.search.search(index, file, request);
        for (const hit of response.hits)
          if (!found.has(hit.doc_id)) found.set(hit.doc_id, { docId: hit.doc_id, title: hit.title, passage: hit.text });
      } catch (err) {
        question.failed.push({ mode, message: messageOf(err) });
      }
    }
  } catch (err) {
    question.error = messageOf(err);
    return question;
  }
  const pairs = [...found.keys()].sort().map((docId) => ({ queryId: text, docId }));
  question.candidates = judgingOrder(pairs, poolSeed(pairs)).map((p) => found.get(p.docId)!);
  return question;
}
