import path from 'node:path';
import { openCorpus } from '../corpus/index.js';
import { InputError } from '../errors.js';
import { beirSiblings } from './beir-siblings.js';
import { readQuerySet } from './read-query-set.js';
import { passageOf } from './sample-docs.js';

/** Where the judge reads query texts and documents. */
export interface JudgeSources {
  queries: string;
  corpus: string;
}

/**
 * Where the texts of a gold set's pairs are: `corpus` when given (a BEIR folder brings its
 * queries.jsonl; any other corpus needs `queries`), else the BEIR folder the qrels file sits in.
 * A judge must read what it grades, so a gold set with no texts to hand is an error naming what
 * to pass, not a run of failed items.
 */
export async function judgeSources(
  qrelsFile: string,
  options: { corpus?: string; queries?: string },
): Promise<JudgeSources> {
  if (options.corpus !== undefined) {
    const source = await openCorpus(options.corpus);
    const queries = options.queries ?? (source.kind === 'beir' ? path.join(source.path, 'queries.jsonl') : undefined);
    if (queries === undefined)
      throw new InputError(`${options.corpus} is not a BEIR folder: name its query texts with --queries FILE`, {
        field: 'queries',
      });
    return { queries, corpus: source.path };
  }
  const beir = await beirSiblings(qrelsFile);
  if (beir === undefined)
    throw new InputError(
      `${qrelsFile} is not in a BEIR folder (DIR/qrels/SPLIT.tsv beside DIR/queries.jsonl and DIR/corpus.jsonl): name the documents with --corpus DIR`,
      { field: 'corpus' },
    );
  return { queries: options.queries ?? beir.queries, corpus: beir.corpus };
}

/** The query texts and document passages the judge needs, by id. */
export interface JudgeTexts {
  queries: Map<string, string>;
  /** The title (when there is one) and opening of each document asked for, as the question generator sends it. */
  passages: Map<string, string>;
}

/**
 * Reads the texts of the queries and documents named in `pairs`, one pass over the corpus that
 * keeps only the documents asked for, so a large corpus is not held in memory for a pool of a
 * few hundred pairs. A document is sent as its title and its opening (passageOf), as a TREC
 * assessor reads a passage rather than a whole book. Ids missing from either file are simply
 * absent: the judge names those pairs as failed items.
 */
export async function readJudgeTexts(
  sources: JudgeSources,
  pairs: readonly { queryId: string; docId: string }[],
): Promise<JudgeTexts> {
  const wantedQueries = new Set(pairs.map((p) => p.queryId));
  const wantedDocs = new Set(pairs.map((p) => p.docId));
  const queries = new Map<string, string>();
  for (const q of await readQuerySet(sources.queries)) if (wantedQueries.has(q.id)) queries.set(q.id, q.text);
  const passages = new Map<string, string>();
  for await (const doc of (await openCorpus(sources.corpus)).docs()) {
    if (!wantedDocs.has(doc.id)) continue;
    const { title, text } = passageOf(doc);
    passages.set(doc.id, title.trim() === '' ? text : `${title}\n${text}`);
  }
  return { queries, passages };
}
