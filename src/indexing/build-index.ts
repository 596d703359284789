import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parseChunker } from '../chunking/index.js';
import type { Chunk } from '../chunking/types.js';
import { hashFiles, openCorpus, type CorpusSource } from '../corpus/index.js';
import type { Doc } from '../corpus/types.js';
import { cacheHome, embeddingCacheFile } from '../cache-home.js';
import { EmbeddingCache, withCache } from '../embedders/embedding-cache.js';
import { createEmbedder } from '../embedders/registry.js';
import { moreWordsThan } from '../embedders/token-limit.js';
import type { Embedder } from '../embedders/types.js';
import { commitBuild, discardBuild, removeStaleBuilds, temporaryPathFor } from '../store/atomic-build.js';
import { SCHEMA_VERSION, type IndexMeta } from '../store/index-meta.js';
import { IndexWriter } from '../store/index-writer.js';
import { DEFAULT_TOKENIZER, parseTokenizer } from '../store/tokenizers.js';
import { languageDetectorReady } from '../analysis/detect-language.js';
import { chooseChunker, DEFAULT_CHUNKER } from './choose-chunker.js';
import { chooseTokenizer, type TokenizerChoice } from './choose-tokenizer.js';
import { documentLanguage } from './document-language.js';
import { VERSION } from '../version.js';
import { embedText } from './embed-text.js';
import type { ProgressListener } from './progress.js';
import { shippedEmbedder } from './shipped-embedder.js';
import type { ShippedVectors } from './shipped-vectors.js';

export interface BuildOptions {
  corpus: string;
  out: string;
  /**
   * Chunker spec (`doc`, `words:200:50`, `structure:200`, `sentences:5:1`), or `auto` (the
   * default): `structure:N` sized so the embedder reads every chunk whole (chooseChunker).
   */
  chunker?: string;
  /** Embedder spec, or an embedder instance (tests), or `none`. Default `auto`. */
  embedder?: string | Embedder;
  tokenizer?: string;
  /** Shared embedding cache; default the cache home's (cache-home.ts: TESTBED_HOME, ~/.cache/retrieval-testbed). */
  cacheFile?: string;
  embedBatch?: number;
  /** Detect the language of documents whose metadata does not give one. Default true. */
  detectLanguage?: boolean;
  /** Skip documents with neither text nor title (reported through onNotice) instead of failing. */
  skipEmpty?: boolean;
  /** Store BM25 postings for the postings engine (postings-writer.ts). Default true; false measures a build without them. */
  postings?: boolean;
  onProgress?: ProgressListener;
  onNotice?: (message: string) => void;
  /**
   * Recorded as the index's `vectorsPending`: this lexical build (embedder `none`) is to be
   * replaced by one embedding with this spec (`testbed serve --ensure`, vectors-pending.ts).
   */
  vectorsPending?: string;
  /**
   * Vectors shipped with the corpus (shipped-vectors.ts) instead of `embedder`: the index is
   * written as if their model had embedded it, cut with their chunker unless `chunker` says
   * otherwise. A chunk they hold no vector for fails the build (ShippedVectorMissingError). They
   * bypass the embedding cache: quantised vectors must not be served later as the model's own.
   */
  shipped?: ShippedVectors;
}

const DOC_BATCH = 256;

/**
 * Reads a corpus, chunks it, stores documents, chunks and the FTS5 index, embeds every chunk
 * (through the cache) and renames the finished file over `out`. On any error nothing is left
 * behind and a previous index at `out` is untouched.
 */
export async function buildIndex(options: BuildOptions): Promise<IndexMeta> {
  const started = performance.now();
  const requested = parseTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER);
  const skipped: string[] = [];
  const source = await openCorpus(options.corpus, options.skipEmpty ? { onEmpty: (id) => skipped.push(id) } : {});
  const contentHash = await hashFiles(source.files);
  const detect = options.detectLanguage ?? true;
  if (detect) await languageDetectorReady();
  // `auto` must know the corpus' languages before the first document is analysed, so it reads
  // the corpus once more, detecting only; the second pass reuses what it found.
  const known = requested === 'auto' ? await languagesOf(source, detect) : undefined;
  skipped.length = 0;
  const choice = chooseTokenizer(requested, known ? countLanguages(known.values()) : {});
  const tokenizer = choice.tokenizer;
  if (requested === 'auto') options.onNotice?.(describeChoice(choice));
  const owned = typeof options.embedder !== 'object' && !options.shipped;
  const embedder = options.shipped
    ? shippedEmbedder(options.shipped)
    : typeof options.embedder === 'object'
      ? options.embedder
      : await createEmbedder(options.embedder ?? 'auto', { onNotice: options.onNotice });

  const chunkerChoice = chooseChunker(
    options.chunker ?? options.shipped?.header.chunker ?? DEFAULT_CHUNKER,
    embedder ?? undefined,
  );
  const chunker = parseChunker(chunkerChoice.spec);
  if (chunkerChoice.spec !== options.chunker)
    options.onNotice?.(
      `chunker auto -> ${chunkerChoice.spec} (${chunkerChoice.reason}); --chunker SPEC to choose another`,
    );

  fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  removeStaleBuilds(options.out);
  const tmp = temporaryPathFor(options.out);
  const writer = new IndexWriter(tmp, tokenizer, { postings: options.postings ?? true });
  const languages: Record<string, number> = {};
  try {
    let docsRead = 0;
    let batch: { doc: Doc; chunks: Chunk[]; lang: string | undefined }[] = [];
    for await (const doc of source.docs()) {
      const lang = known?.has(doc.id) ? known.get(doc.id) : documentLanguage(doc, detect);
      languages[lang ?? 'und'] = (languages[lang ?? 'und'] ?? 0) + 1;
      batch.push({ doc, chunks: chunker.chunk(doc), lang });
      if (batch.length >= DOC_BATCH) {
        writer.addDocuments(batch);
        docsRead += batch.length;
        batch = [];
        options.onProgress?.({ phase: 'reading', done: docsRead });
        await yieldToEventLoop();
      }
    }
    writer.addDocuments(batch);
    options.onProgress?.({ phase: 'reading', done: docsRead + batch.length });
    if (skipped.length > 0) {
      options.onNotice?.(
        `skipped ${skipped.length} document(s) with neither text nor title: ${skipped.slice(0, 10).join(', ')}${skipped.length > 10 ? ', ...' : ''}`,
      );
    }

    const embedStarted = performance.now();
    const { truncated: truncatedChunks, embeddings } = embedder
      ? await embedAll(writer, embedder, chunker.spec, chunkerChoice.cutShare, options)
      : { truncated: 0, embeddings: { fromCache: 0, embedded: 0 } };
    const embedSeconds = (performance.now() - embedStarted) / 1000;

    options.onProgress?.({ phase: 'indexing', done: 0 });
    const counts = writer.counts();
    const meta: IndexMeta = {
      schemaVersion: SCHEMA_VERSION,
      corpus: { path: path.resolve(options.corpus), kind: source.kind, contentHash },
      chunker: chunker.spec,
      tokenizer,
      tokenizerChoice: { requested: choice.requested, reason: choice.reason },
      embedder: embedder ? { id: embedder.id, dims: embedder.dims, maxTokens: embedder.maxTokens } : null,
      ...(options.vectorsPending !== undefined &&
        !embedder && { vectorsPending: { embedder: options.vectorsPending } }),
      counts: { ...counts, truncatedChunks, skippedEmpty: skipped.length },
      languages,
      build: {
        startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
        seconds: (performance.now() - started) / 1000,
        embedSeconds,
        embeddings,
        testbedVersion: VERSION,
      },
    };
    writer.finish(meta);
    commitBuild(tmp, options.out);
    options.onProgress?.({ phase: 'done', done: counts.chunks, total: counts.chunks });
    return meta;
  } catch (err) {
    writer.abort();
    discardBuild(tmp);
    throw err;
  } finally {
    if (owned) await embedder?.close?.();
  }
}

/** Every document's language (given or detected), by document id: the `auto` tokenizer's first pass. */
async function languagesOf(source: CorpusSource, detect: boolean): Promise<Map<string, string | undefined>> {
  const langs = new Map<string, string | undefined>();
  let n = 0;
  for await (const doc of source.docs()) {
    langs.set(doc.id, documentLanguage(doc, detect));
    if (++n % DOC_BATCH === 0) await yieldToEventLoop();
  }
  return langs;
}

function countLanguages(langs: Iterable<string | undefined>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const lang of langs) counts[lang ?? 'und'] = (counts[lang ?? 'und'] ?? 0) + 1;
  return counts;
}

/** Half the chunk size of a sized chunker, as a concrete next step; a generic form otherwise. */
function smallerChunker(spec: string): string {
  const [kind, size, ...rest] = spec.split(':');
  const n = Number(size);
  if ((kind === 'structure' || kind === 'words') && Number.isInteger(n) && n > 1)
    return [kind, Math.floor(n / 2), ...rest].join(':');
  return 'structure:N with a smaller N';
}

function describeChoice(choice: TokenizerChoice): string {
  const what =
    choice.tokenizer === 'english' ? "Lucene's English analysis: stop words, Porter stemming" : 'per-language analysis';
  return `tokenizer auto -> ${choice.tokenizer} (${what}): ${choice.reason}; --tokenizer NAME to choose another`;
}

/**
 * Embeds every stored chunk in batches through the cache: how many were truncated, found in the
 * cache, and embedded by the model. Warns when more than `cutShare` of them were truncated (the
 * share the chunker's choice expected: 0 for a named chunker).
 */
async function embedAll(
  writer: IndexWriter,
  embedder: Embedder,
  chunkerSpec: string,
  cutShare: number,
  options: BuildOptions,
): Promise<{ truncated: number; embeddings: NonNullable<IndexMeta['build']['embeddings']> }> {
  const cache = options.shipped ? null : new EmbeddingCache(options.cacheFile ?? embeddingCacheFile(cacheHome()));
  const cached = cache ? withCache(embedder, cache) : null;
  const total = writer.counts().chunks;
  let done = 0;
  let truncated = 0;
  /** Chunks longer than a limit the embedder only assumes: sent whole, perhaps cut by the server. */
  let overAssumed = 0;
  try {
    for (const rows of writer.chunkTexts(options.embedBatch ?? 64)) {
      const texts = rows.map(embedText);
      if (embedder.maxTokensAssumed) overAssumed += texts.filter((t) => moreWordsThan(t, embedder.maxTokens)).length;
      const { vectors, truncated: cut } = await (cached ?? embedder).embed(texts, 'passage');
      writer.addVectors(rows.map((r, i) => ({ rowid: r.rowid, vector: vectors[i]! })));
      truncated += cut.filter(Boolean).length;
      done += rows.length;
      options.onProgress?.({ phase: 'embedding', done, total });
      // An embedder that answers at once (hash, a full cache) never leaves the microtask queue:
      // one turn of the loop per batch lets a signal (Ctrl-C in `testbed index`) be handled.
      await yieldToEventLoop();
    }
  } finally {
    cache?.close();
  }
  if (truncated > cutShare * total) {
    options.onNotice?.(
      `${truncated} of ${total} chunks are longer than ${embedder.id}'s ${embedder.maxTokens}-token input: the model saw only their beginning, ` +
        `so dense search never sees the rest: a smaller --chunker (${smallerChunker(chunkerSpec)}) keeps more of them whole`,
    );
  }
  if (overAssumed > 0) {
    options.onNotice?.(
      `${overAssumed} of ${total} chunks have more words than the ${embedder.maxTokens} tokens assumed for ${embedder.id}'s input (its model's limit is not known): ` +
        `they were sent whole, and the server may have cut them without saying so; set the model's limit (TESTBED_OPENAI_MAX_TOKENS) to have them counted, or a smaller --chunker (${smallerChunker(chunkerSpec)}) to keep them whole`,
    );
  }
  const embeddings = cached
    ? { fromCache: cached.hits, embedded: cached.misses }
    : { fromCache: 0, embedded: 0, shipped: path.resolve(options.shipped!.file) };
  return { truncated, embeddings };
}
