import fs from 'node:fs';
import path from 'node:path';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';

/**
 * The served index built from the corpus folder `dir`, if any: the playground preselects it for
 * a gold set, and a report links its misses to it, so judgements land on the right documents.
 * Among several, `preferChunker` decides, then the name.
 */
export function indexForCorpus(catalog: IndexCatalog, dir: string, preferChunker?: string): string | undefined {
  const want = real(dir);
  const matches: { name: string; chunker: string }[] = [];
  for (const name of catalog.names()) {
    try {
      const meta = catalog.get(name).meta;
      if (real(meta.corpus.path) === want) matches.push({ name, chunker: meta.chunker });
    } catch {
      // an index that cannot be opened is simply not offered
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
