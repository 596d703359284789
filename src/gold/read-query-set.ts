import { readJsonl, readQueries, type Query } from '../corpus/index.js';
import { queryRecord } from '../corpus/read-queries.js';
import { InputError, NotFoundError } from '../errors.js';
import { queryAdditionsFile } from './query-additions-file.js';

/**
 * A BEIR query set as it has grown: the published queries of `queriesFile`, then the queries
 * added beside it (queryAdditionsFile), in the order they were added. Every reader that scores
 * or shows a gold set's queries goes through it, so a question an expert wrote is scored
 * everywhere its judgements are. An added id that repeats an earlier one is an InputError
 * naming the additions file and line: two queries with one id would silently share judgements.
 */
export async function readQuerySet(queriesFile: string): Promise<Query[]> {
  const published = await readQueries(queriesFile);
  const added = await readAddedQueries(queriesFile, new Set(published.map((q) => q.id)));
  return [...published, ...added];
}

/**
 * Only the queries added beside `queriesFile`, in file order; none when the additions file is
 * missing or empty. Ids in `taken` (the published ones) or repeated within the file are refused
 * with the file and line, as readQuerySet explains.
 */
export async function readAddedQueries(queriesFile: string, taken: ReadonlySet<string> = new Set()): Promise<Query[]> {
  const file = queryAdditionsFile(queriesFile);
  const seen = new Map<string, number | undefined>([...taken].map((id) => [id, undefined]));
  const queries: Query[] = [];
  try {
    for await (const { line, value } of readJsonl(file)) {
      const at = { file, line };
      const query = queryRecord(value, at);
      if (seen.has(query.id)) {
        const earlier = seen.get(query.id);
        const where = earlier === undefined ? `the published ${queriesFile}` : `line ${earlier}`;
        throw new InputError(`query id ${JSON.stringify(query.id)} is already used by ${where}`, {
          ...at,
          field: '_id',
        });
      }
      seen.set(query.id, line);
      queries.push(query);
    }
  } catch (err) {
    // Absence is learnt by opening, as with the qrels additions: nothing added yet.
    if (err instanceof NotFoundError && queries.length === 0) return [];
    throw err;
  }
  return queries;
}
