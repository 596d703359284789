import { detectLanguage } from '../analysis/detect-language.js';
import { type Bm25Analysis, bm25Analysis, joinTerms } from './bm25-analysis.js';
import { PostingsCollector, type SpilledLists } from './postings-collector.js';
import type { TokenizerName } from './tokenizers.js';

/**
 * A batch of documents' chunks to analyse, as the writing thread hands it to an analysis thread:
 * only what analysis reads, with the rowids the chunks will be stored under.
 */
export interface AnalysisBatch {
  /** Per document: its language when given (or known), else null. */
  given: (string | null)[];
  /** Per document: the text to detect its language from when it must be detected, else null. */
  detect: (string | null)[];
  /** Per chunk, in rowid order: its rowid, the index of its document in the batch, title, text. */
  rowids: number[];
  docs: number[];
  titles: string[];
  texts: string[];
}

/** Busy milliseconds of one analysis thread per stage. */
export interface AnalysisTimes {
  detection: number;
  analysis: number;
  postings: number;
}

/** What analysing a batch gives back to the writing thread. */
export interface AnalysedBatch {
  /** Per document: its language (given or detected), null when unknown. */
  langs: (string | null)[];
  /** Per chunk: its length in analysed terms (title + text). */
  lengths: number[];
  /** Per chunk, when the FTS5 table is pre-analysed: its title's and text's terms, each joined (2 entries a chunk). */
  fts: string[] | null;
  /** Postings this thread collected, when it held its limit of them: for PostingsWriter.spill. */
  spill: SpilledLists | null;
  times: AnalysisTimes;
}

/** What a BatchAnalyser produces besides the chunks' lengths. */
export interface BatchAnalyserOptions {
  /** Terms for a pre-analysed FTS5 table. */
  fts: boolean;
  /** Postings, collected here and spilled past `spillLimit`. */
  postings: boolean;
  spillLimit?: number;
}

/**
 * The analysis of an index build that does not touch the database: each document's language
 * when it must be detected, each chunk's terms (bm25Analysis: the FTS5 terms of a pre-analysed
 * tokenizer, the postings' terms), and the postings of the chunks it saw. One runs on each
 * analysis thread of a build (analysis-pool.ts), or on the writing thread itself; given the same
 * batches, in any split between analysers, the index written is the same.
 */
export class BatchAnalyser {
  private readonly analysis: Bm25Analysis;
  private readonly collector: PostingsCollector | undefined;

  constructor(
    tokenizer: TokenizerName,
    private readonly options: BatchAnalyserOptions,
  ) {
    this.analysis = bm25Analysis(tokenizer);
    this.collector = options.postings ? new PostingsCollector(options.spillLimit) : undefined;
  }

  /** Analyses one batch (the language detector must be loaded when any document is to be detected). */
  analyse(batch: AnalysisBatch): AnalysedBatch {
    const times: AnalysisTimes = { detection: 0, analysis: 0, postings: 0 };
    let t0 = performance.now();
    const langs = batch.given.map((given, i) => {
      const text = batch.detect[i];
      return given ?? (text == null ? null : (detectLanguage(text) ?? null));
    });
    let t1 = performance.now();
    times.detection = t1 - t0;
    const analyse = this.options.fts || this.collector !== undefined;
    const lengths: number[] = [];
    const fts: string[] | null = this.options.fts ? [] : null;
    for (let i = 0; i < batch.rowids.length; i++) {
      if (!analyse) {
        lengths.push(0);
        continue;
      }
      t0 = t1;
      const lang = langs[batch.docs[i]!] ?? undefined;
      const title = this.analysis.analyze(batch.titles[i]!, lang);
      const text = this.analysis.analyze(batch.texts[i]!, lang);
      fts?.push(joinTerms(title), joinTerms(text));
      const terms = title.concat(text);
      lengths.push(terms.length);
      t1 = performance.now();
      times.analysis += t1 - t0;
      this.collector?.add(batch.rowids[i]!, terms);
      const t2 = performance.now();
      times.postings += t2 - t1;
      t1 = t2;
    }
    const spill = this.collector?.full ? this.collector.take() : null;
    return { langs, lengths, fts, spill, times };
  }

  /** The postings collected since the last spill (at the end of a build); null when none. */
  flush(): SpilledLists | null {
    return this.collector && !this.collector.empty ? this.collector.take() : null;
  }
}
