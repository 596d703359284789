import fs from 'node:fs';
import path from 'node:path';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';

/**
 * The served index built from the corpus folder `dir`, if any (the first by name): the
 * playground preselects it for a gold set, so judgements land on the right documents. A
 * report's miss links do not use it: they open the index measured, by fingerprint
 * (web/experiments/measured-index.ts), as another chunker ranks otherwise.
 */
export function indexForCorpus(indexes: IndexRegistry, dir: string): string | undefined {
  const want = real(dir);
  const matches: string[] = [];
  for (const name of indexes.names()) {
    try {
      const status = indexes.status(name);
      if (status?.status !== 'ready') continue; // an index that cannot be read is simply not offered
      if (real(status.meta.corpus.path) === want) matches.push(name);
    } catch {
      // nor is a file whose name is no index name
    }
  }
  return matches[0];
}

function real(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
