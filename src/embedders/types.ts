/** Query and passage texts are encoded differently by asymmetric models (e5, bge). */
export type EmbedRole = 'query' | 'passage';

export interface EmbedBatch {
  /** One L2-normalised vector per input text, `dims` long. */
  vectors: Float32Array[];
  /** true where the model saw only a prefix of the text (longer than its maximum input). */
  truncated: boolean[];
}

/**
 * The one interface every dense encoder implements. `id` names the model exactly enough to
 * reload it (it is recorded in the index and keys the embedding cache).
 */
export interface Embedder {
  readonly id: string;
  readonly dims: number;
  /** Longest input, in the model's own tokens, that the model reads whole. */
  readonly maxTokens: number;
  /**
   * True when maxTokens is a guess (a served model whose limit is neither published nor
   * configured): a longer text is sent whole and whether the server cut it is not known, so
   * EmbedBatch.truncated stays false rather than claim a cut that may not have happened.
   */
  readonly maxTokensAssumed?: boolean;
  embed(texts: string[], role: EmbedRole): Promise<EmbedBatch>;
  /** Release worker threads or native sessions. */
  close?(): Promise<void>;
}
