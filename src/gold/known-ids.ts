import { InputError } from '../errors.js';
import { beirSiblings } from './beir-siblings.js';
import { jsonlHasId } from './jsonl-has-id.js';
import { readAddedQueries } from './read-query-set.js';

/**
 * When the qrels file sits in a BEIR folder, refuses a query id missing from queries.jsonl or a
 * document id missing from corpus.jsonl: such an id is a typo, and a relevant document no run
 * can ever return would quietly lower every recall score. Both files are scanned at once and
 * both misses are named. A query added beside queries.jsonl (a question an expert wrote) is
 * known too, so its judgements can be changed later like any other.
 */
export async function checkKnownIds(qrelsFile: string, queryId: string, docId: string): Promise<void> {
  const beir = await beirSiblings(qrelsFile);
  if (beir === undefined) return;
  const [queryKnown, docKnown] = await Promise.all([
    queryIsKnown(beir.queries, queryId),
    jsonlHasId(beir.corpus, docId),
  ]);
  const unknown: { what: string; file: string; field: string }[] = [];
  if (!queryKnown)
    unknown.push({ what: `unknown query id ${JSON.stringify(queryId)}`, file: beir.queries, field: 'query_id' });
  if (!docKnown)
    unknown.push({ what: `unknown document id ${JSON.stringify(docId)}`, file: beir.corpus, field: 'doc_id' });
  const [first, second] = unknown;
  if (first === undefined) return;
  if (second === undefined) throw new InputError(first.what, { file: first.file, field: first.field });
  // Two misses in two files: no single location fits, so each part names its own file.
  throw new InputError(unknown.map((u) => `${u.what} (not in ${u.file})`).join('; '));
}

async function queryIsKnown(queriesFile: string, queryId: string): Promise<boolean> {
  if (await jsonlHasId(queriesFile, queryId)) return true;
  return (await readAddedQueries(queriesFile)).some((q) => q.id === queryId);
}
