import type { Qrels } from '../corpus/types.js';
import { readLines } from '../corpus/read-lines.js';
import { splitQrelsLine } from '../corpus/qrels-format.js';
import { InputError } from '../errors.js';

/**
 * Refuses a gold set that names queries or documents the experiment does not have: a typo'd id
 * would otherwise count as a relevant document no retriever can ever find, silently lowering
 * every recall. The error names the qrels file and the line of the first unknown id.
 */
export async function checkGoldIds(
  qrelsFile: string,
  qrels: Qrels,
  queryIds: ReadonlySet<string>,
  hasDoc: (id: string) => boolean,
): Promise<void> {
  for (const [query, judged] of qrels) {
    if (!queryIds.has(query)) {
      throw new InputError(`query "${query}" is not in the queries file`, {
        file: qrelsFile,
        line: await lineOf(qrelsFile, query),
        field: 'query-id',
      });
    }
    for (const doc of judged.keys()) {
      if (!hasDoc(doc)) {
        throw new InputError(`document "${doc}" (query "${query}") is not in the corpus`, {
          file: qrelsFile,
          line: await lineOf(qrelsFile, query, doc),
          field: 'corpus-id',
        });
      }
    }
  }
}

/** The first line of a qrels file that holds this query (and document); undefined when it came from the additions file. */
async function lineOf(file: string, query: string, doc?: string): Promise<number | undefined> {
  for await (const { line, text } of readLines(file)) {
    const fields = splitQrelsLine(text);
    if (fields[0] === query && (doc === undefined || fields.includes(doc))) return line;
  }
  return undefined;
}
