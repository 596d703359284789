import type { IndexCatalog } from '../serving/catalog/index-catalog.js';
import { vectorsPending } from '../serving/builds/vectors-pending.js';
import type { McpDeps } from './mcp-deps.js';
import { servedIndexNames } from './served-index.js';

/**
 * One index as an agent needs to know it before searching: its size, languages, embedder, and
 * whether dense and hybrid answer now (an index built lexical-only never will; one embedding in
 * the background will when its build ends). An unreadable file is listed with why.
 */
export function indexSummary(catalog: IndexCatalog, name: string): Record<string, unknown> | undefined {
  const status = catalog.indexes.status(name);
  if (status?.status === 'unreadable') return { name, status: 'unreadable', error: status.error };
  if (status?.status !== 'ready') return undefined;
  const { meta } = status;
  return {
    name,
    status: 'ready',
    documents: meta.counts.documents,
    chunks: meta.counts.chunks,
    languages: meta.languages,
    chunker: meta.chunker,
    tokenizer: meta.tokenizer,
    embedder: meta.embedder?.id ?? null,
    dense_ready: meta.embedder !== null,
    embedding_in_background: vectorsPending(catalog, name, meta),
  };
}

/** Every index served that the catalog can describe, sorted by name. */
export function indexSummaries(deps: McpDeps): Record<string, unknown>[] {
  return servedIndexNames(deps).flatMap((name) => {
    const summary = indexSummary(deps.catalog, name);
    return summary ? [summary] : [];
  });
}
