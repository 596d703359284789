import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parseChunker } from '../chunking/index.js';
import { hashFiles, openCorpus, type CorpusSource } from '../corpus/index.js';
import { cacheHome, embeddingCacheFile } from '../cache-home.js';
import { EmbeddingCache, withCache } from '../embedders/embedding-cache.js';
import { createEmbedder } from '../embedders/registry.js';
import { moreWordsThan } from '../embedders/token-limit.js';
import type { Embedder } from '../embedders/types.js';
import { commitBuild, discardBuild, removeStaleBuilds, temporaryPathFor } from '../store/atomic-build.js';
import { type BuildStages, SCHEMA_VERSION, type IndexMeta } from '../store/index-meta.js';
import { type DocumentWithChunks, IndexWriter } from '../store/index-writer.js';
import { DEFAULT_TOKENIZER, isPreAnalyzed, parseTokenizer } from '../store/tokenizers.js';
import { detectLanguage, languageDetectorReady } from '../analysis/detect-language.js';
import { type Analysed, type Analysts, defaultThreads, startAnalysts } from './analysis-pool.js';
import { chooseChunker, DEFAULT_CHUNKER } from './choose-chunker.js';
import { chooseTokenizer, type TokenizerChoice } from './choose-tokenizer.js';
import {
  detectionText,
  documentLanguage,
  givenLanguage,
  inLanguageSample,
  languageDetection,
  SAMPLE_RULE,
} from './document-language.js';
import { VERSION } from '../version.js';
import { InputError } from '../errors.js';
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
  /**
   * Detect the language of every document whose metadata does not give one (true), of none
   * (false). Default: every one when the tokenizer analyses each document in its language, else
   * a sample (document-language.ts), which leaves `lang=` filters refused on the index.
   */
  detectLanguage?: boolean;
  /**
   * Analysis threads (analysis-pool.ts): a positive integer; default the core count, or 1 for a
   * corpus under 4 MiB. The index is the same for any.
   */
  threads?: number;
  /** Skip documents with neither text nor title (reported through onNotice) instead of failing. */
  skipEmpty?: boolean;
  /** Store BM25 postings for the postings engine (postings-writer.ts). Default true; false measures a build without them. */
  postings?: boolean;
  /**
   * Build the FTS5 table, which only the fts5 engine reads (default true). false (`--no-fts5`)
   * needs a pre-analysed tokenizer (english, multilingual): the others are FTS5's own, which no
   * other engine uses.
   */
  fts5?: boolean;
  /** Postings the build holds in memory before spilling them, shared by its threads (tests force several spills). */
  spillLimit?: number;
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
  if (options.threads !== undefined && !(Number.isInteger(options.threads) && options.threads >= 1))
    throw new InputError(`threads must be a positive integer, got ${options.threads}`, { field: 'threads' });
  const requested = parseTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER);
  const skipped: string[] = [];
  const source = await openCorpus(options.corpus, options.skipEmpty ? { onEmpty: (id) => skipped.push(id) } : {});
  const contentHash = await hashFiles(source.files);
  // `auto` must know the corpus' languages before the first document is analysed, so it reads
  // the corpus once more, detecting a sample only (unless told not to detect at all).
  const sampleDetect = options.detectLanguage ?? true;
  if (requested === 'auto' && sampleDetect) await languageDetectorReady();
  const sampled = requested === 'auto' ? await sampledLanguages(source, sampleDetect) : undefined;
  skipped.length = 0;
  const choice = chooseTokenizer(requested, sampled ?? {});
  const tokenizer = choice.tokenizer;
  if (requested === 'auto') options.onNotice?.(describeChoice(choice));
  if (options.fts5 === false && !isPreAnalyzed(tokenizer))
    throw new InputError(
      `--no-fts5 leaves no engine for tokenizer ${tokenizer}, which is FTS5's own (the postings and wink engines analyse as english); use --tokenizer english or multilingual, or keep FTS5`,
    );
  const detection = languageDetection(tokenizer, options.detectLanguage);
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
  const writer = new IndexWriter(tmp, tokenizer, {
    postings: options.postings ?? true,
    fts5: options.fts5 ?? true,
    ...(options.spillLimit !== undefined && { spillLimit: options.spillLimit }),
  });
  const threads = options.threads ?? defaultThreadsFor(source.files);
  let analysts: Analysts | undefined;
  const languages: Record<string, number> = {};
  let languagesLookedFor = 0;
  let readingMs = 0;
  let detectionMs = 0;
  try {
    // A sample is detected here: the detector holds ~145 MB in each thread that loads it, which
    // for one document in a hundred only threads that detect every document should pay.
    if (detection === 'sample') await languageDetectorReady();
    analysts = await startAnalysts(tokenizer, writer.analyserOptions(threads), threads, detection === 'every');
    const pool = analysts;
    let docsRead = 0;
    let docIndex = 0;
    // Batches out for analysis, written back in the order they were numbered; at most two per
    // thread, so reading stays just ahead of analysis and memory stays bounded.
    const inFlight: {
      batch: DocumentWithChunks[];
      input: ReturnType<IndexWriter['analysisBatch']>;
      result: Promise<Analysed>;
      /** Per document: whether its language was given or looked for (what `languages` counts). */
      looked: boolean[];
    }[] = [];
    const writeBack = async (keep: number) => {
      while (inFlight.length > keep) {
        const { batch, input, result, looked } = inFlight.shift()!;
        const { analysed, stream } = await result;
        writer.addAnalysed(batch, input, analysed, stream);
        batch.forEach((_, i) => {
          if (!looked[i]) return;
          languagesLookedFor++;
          const lang = analysed.langs[i] ?? 'und';
          languages[lang] = (languages[lang] ?? 0) + 1;
        });
        docsRead += batch.length;
        options.onProgress?.({ phase: 'reading', done: docsRead });
      }
    };
    const send = (batch: DocumentWithChunks[]) => {
      const first = docIndex;
      docIndex += batch.length;
      const looked = batch.map(
        (d, i) =>
          d.lang !== undefined || detection === 'every' || (detection === 'sample' && inLanguageSample(first + i)),
      );
      if (detection === 'sample') {
        const detectFrom = performance.now();
        batch.forEach((d, i) => {
          if (looked[i] && d.lang === undefined) d.lang = detectLanguage(detectionText(d.doc));
        });
        const spent = performance.now() - detectFrom;
        detectionMs += spent;
        readingMs -= spent;
      }
      const input = writer.analysisBatch(batch, (i) => (detection === 'every' ? detectionText(batch[i]!.doc) : null));
      // An analyser on this thread runs here: its time is analysis, not reading.
      const calledAt = performance.now();
      const result = pool.analyse(input);
      readingMs -= performance.now() - calledAt;
      // Awaited in order by writeBack; a failure meanwhile must not count as unhandled.
      result.catch(() => {});
      inFlight.push({ batch, input, result, looked });
    };
    let batch: DocumentWithChunks[] = [];
    let readFrom = performance.now();
    for await (const doc of source.docs()) {
      batch.push({ doc, chunks: chunker.chunk(doc), lang: givenLanguage(doc) });
      if (batch.length >= DOC_BATCH) {
        send(batch);
        batch = [];
        readingMs += performance.now() - readFrom;
        await writeBack(2 * pool.threads);
        await yieldToEventLoop();
        readFrom = performance.now();
      }
    }
    if (batch.length > 0) send(batch);
    readingMs += performance.now() - readFrom;
    await writeBack(0);
    for (const { stream, lists } of await pool.flush()) writer.addPostings(stream, lists);
    if (skipped.length > 0) {
      options.onNotice?.(
        `skipped ${skipped.length} document(s) with neither text nor title: ${skipped.slice(0, 10).join(', ')}${skipped.length > 10 ? ', ...' : ''}`,
      );
    }
    options.onProgress?.({ phase: 'indexing', done: 0 });
    writer.complete();
    const lexicalSeconds = (performance.now() - started) / 1000;

    const embedStarted = performance.now();
    const { truncated: truncatedChunks, embeddings } = embedder
      ? await embedAll(writer, embedder, chunker.spec, chunkerChoice.cutShare, options)
      : { truncated: 0, embeddings: { fromCache: 0, embedded: 0 } };
    const embedSeconds = (performance.now() - embedStarted) / 1000;

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
      ...(options.fts5 === false && { fts5: false }),
      counts: { ...counts, truncatedChunks, skippedEmpty: skipped.length },
      languages,
      ...(detection === 'sample' &&
        languagesLookedFor < counts.documents && {
          languageSample: { sampled: languagesLookedFor, documents: counts.documents, rule: SAMPLE_RULE },
        }),
      build: {
        startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
        seconds: (performance.now() - started) / 1000,
        embedSeconds,
        embeddings,
        testbedVersion: VERSION,
        threads: pool.threads,
        documentsPerSecond: counts.documents / lexicalSeconds,
        stages: stagesOf(readingMs, detectionMs, pool, writer),
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
    await analysts?.close();
    if (owned) await embedder?.close?.();
  }
}

/**
 * Documents per language (given, or detected: `und` when not found) over the language sample
 * (inLanguageSample) of the corpus, for the `auto` tokenizer's choice.
 */
async function sampledLanguages(source: CorpusSource, detect: boolean): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let n = 0;
  for await (const doc of source.docs()) {
    if (inLanguageSample(n) || givenLanguage(doc) !== undefined) {
      const lang = documentLanguage(doc, detect) ?? 'und';
      counts[lang] = (counts[lang] ?? 0) + 1;
    }
    if (++n % DOC_BATCH === 0) await yieldToEventLoop();
  }
  return counts;
}

/**
 * Corpus bytes below which a build analyses on its own thread by default: starting analysis
 * threads takes a few hundred milliseconds (more under a TypeScript loader), more than a corpus
 * this small takes to analyse.
 */
const THREADS_FROM_BYTES = 4 * 1024 * 1024;

/** --threads' default: the core count (defaultThreads), or 1 for a corpus under THREADS_FROM_BYTES. */
function defaultThreadsFor(files: readonly string[]): number {
  let bytes = 0;
  for (const file of files) bytes += fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return bytes < THREADS_FROM_BYTES ? 1 : defaultThreads();
}

/** Busy seconds per stage: the writing thread's reading, sampled detection and writes; the analysers' (on any thread) detection, analysis and postings. */
function stagesOf(readingMs: number, detectionMs: number, analysts: Analysts, writer: IndexWriter): BuildStages {
  const s = (ms: number) => ms / 1000;
  return {
    reading: s(readingMs),
    detection: s(detectionMs + analysts.times.detection),
    analysis: s(analysts.times.analysis),
    postings: s(analysts.times.postings + writer.times.postings),
    writes: s(writer.times.writes),
  };
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
  // Said before the first batch: a server answering dense meanwhile (503 with the progress) reports
  // 0 of `total` chunks embedded rather than an unknown total while that batch is in flight.
  options.onProgress?.({ phase: 'embedding', done: 0, total });
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
