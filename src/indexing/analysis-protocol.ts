import type { AnalysedBatch, AnalysisBatch, BatchAnalyserOptions } from '../store/batch-analysis.js';
import type { SpilledLists } from '../store/postings-collector.js';
import type { TokenizerName } from '../store/tokenizers.js';

/** What an analysis thread is started with. */
export interface AnalysisWorkerSetup {
  tokenizer: TokenizerName;
  options: BatchAnalyserOptions;
  /** Load the language detector: some documents will be detected. */
  detect: boolean;
}

/** Messages to an analysis thread, answered in the order sent. */
export type AnalysisRequest = { type: 'analyse'; id: number; input: AnalysisBatch } | { type: 'flush'; id: number };

/** Its answers. */
export type AnalysisReply =
  | { type: 'analysed'; id: number; analysed: AnalysedBatch }
  | { type: 'flushed'; id: number; lists: SpilledLists | null }
  | { type: 'failed'; id: number; message: string };
