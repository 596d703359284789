import { isRecord } from '../corpus/describe-value.js';
import { requireId } from '../corpus/fields.js';
import { openCorpus } from '../corpus/open-corpus.js';
import { readJsonl } from '../corpus/read-jsonl.js';
import { InputError } from '../errors.js';

/** How logged ids find a corpus's documents. */
export interface DocKeyOptions {
  /** A BEIR folder, a corpus .jsonl file or a folder of text files (as `openCorpus` takes). */
  corpus: string;
  /**
   * Where in each document record the id a log uses sits: the document id by default (`id` or
   * `_id` say the same), or a dotted path such as `metadata.url` or `url`.
   */
  docKey?: string;
}

/** The corpus's keys, each leading to one document id. */
export interface DocKeys {
  byKey: Map<string, string>;
  /** Keys that more than one document has (the first document keeps them), with the documents. */
  shared: { key: string; docs: string[] }[];
}

const ID_KEYS = new Set(['id', '_id']);

/**
 * Reads the key every document of a corpus is known by in a log. A key can be a string, a
 * number, or an array of them (a document reachable by several URLs). Keys are read from the
 * raw records of a JSON Lines corpus, so a top-level `url` that the corpus reader ignores still
 * counts. A key no document has is a typo, not a log that matches nothing: it is an InputError.
 */
export async function loadDocKeys(options: DocKeyOptions): Promise<DocKeys> {
  const path = options.docKey === undefined || ID_KEYS.has(options.docKey) ? undefined : options.docKey.split('.');
  const byKey = new Map<string, string>();
  const shared = new Map<string, string[]>();
  const add = (key: string, id: string) => {
    const first = byKey.get(key);
    if (first === undefined) byKey.set(key, id);
    else if (first !== id) shared.set(key, [...(shared.get(key) ?? [first]), id]);
  };
  for await (const { id, record } of documentRecords(options.corpus)) {
    if (path === undefined) add(id, id);
    else for (const key of keyValues(valueAt(record, path))) add(key, id);
  }
  if (byKey.size === 0)
    throw new InputError(`no document has a value at "${options.docKey}"`, { file: options.corpus });
  return { byKey, shared: [...shared].map(([key, docs]) => ({ key, docs })) };
}

/**
 * The document a logged id stands for, or undefined. This server's chunk-level hits are
 * `DOCID#N`: an id that is no key but whose part before its last `#` is counts for that
 * document (a URL with a `#fragment` likewise finds its page). Only a corpus can tell a chunk
 * suffix from an id that holds a `#`, so without one ids are left as they are.
 */
export function resolveDocId(keys: DocKeys, objectId: string): string | undefined {
  const direct = keys.byKey.get(objectId);
  if (direct !== undefined) return direct;
  const hash = objectId.lastIndexOf('#');
  return hash > 0 ? keys.byKey.get(objectId.slice(0, hash)) : undefined;
}

async function* documentRecords(corpus: string): AsyncGenerator<{ id: string; record: Record<string, unknown> }> {
  const source = await openCorpus(corpus);
  if (source.kind === 'folder') {
    for await (const doc of source.docs()) yield { id: doc.id, record: { ...doc } };
    return;
  }
  for (const file of source.files) {
    for await (const { line, value } of readJsonl(file)) yield { id: requireId(value, { file, line }), record: value };
  }
}

function valueAt(record: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = record;
  for (const step of path) {
    if (!isRecord(value)) return undefined;
    value = value[step];
  }
  return value;
}

function keyValues(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    (typeof item === 'string' && item !== '') || (typeof item === 'number' && Number.isFinite(item))
      ? [String(item)]
      : [],
  );
}
