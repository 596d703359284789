import fs from 'node:fs';
import { readJsonlCorpus } from '../../corpus/jsonl-corpus.js';
import type { Doc } from '../../corpus/types.js';

interface Cached {
  stamp: string;
  docs: Map<string, Doc>;
}

const MAX_CACHED = 8;
const cache = new Map<string, Cached>();

/**
 * The documents of a pool, read from the gold set's corpus (`corpus.jsonl` of its BEIR folder). Only the pool's
 * documents are kept, and kept until the corpus file changes: judging moves one pair at a time,
 * and reading a large corpus on every key press would make the page wait. `key` names the pool
 * (its file), so two pools of one corpus each keep their own documents.
 */
export async function poolDocuments(file: string, key: string, ids: ReadonlySet<string>): Promise<Map<string, Doc>> {
  const s = fs.statSync(file);
  const stamp = `${s.mtimeMs}:${s.size}:${ids.size}`;
  const cacheKey = `${file}\n${key}`;
  const hit = cache.get(cacheKey);
  if (hit?.stamp === stamp) return hit.docs;
  const docs = new Map<string, Doc>();
  for await (const doc of readJsonlCorpus(file, { onEmpty: () => {} })) if (ids.has(doc.id)) docs.set(doc.id, doc);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, { stamp, docs });
  return docs;
}
