import fs from 'node:fs';
import path from 'node:path';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';

/**
 * The served index built from the corpus folder `dir`, if any: the playground preselects it for
 * a gold set, and a report links its misses to it, so judgements land on the right documents.
 * Among several, `preferChunker` decides, then the name.
 */
export function indexForCorpus(indexes: IndexRegistry, dir: string, preferChunker?: string): string | undefined {
  const want = real(dir);
  const matches: { name: string; chunker: string }[] = [];
  for (const name of indexes.names()) {
    try {
      const status = indexes.status(name);
      if (status?.status !== 'ready') continue; // an index that cannot be read is simply not offered
      if (real(status.meta.corpus.path) === want) matches.push({ name, chunker: status.meta.chunker });
    } catch {
      // nor is a file whose name is no index name
    }
  }
  return (matches.find((m) => m.chunker === preferChunker) ?? matches[0])?.name;
}

function real(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
