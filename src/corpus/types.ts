/** A document as read from a corpus. `text` is kept exactly as read: chunk offsets point into it. */
export interface Doc {
  id: string;
  title: string;
  text: string;
  metadata?: Record<string, unknown>;
}

/** A query from a gold set. `metadata` holds the tags used for slicing (type, language, source, ...). */
export interface Query {
  id: string;
  text: string;
  metadata: Record<string, unknown>;
  /** Short answer strings, for passage-level checks (does one chunk contain the answer?). */
  answers?: string[];
}

/** Relevance judgements: query id -> document id -> grade (0 = judged not relevant). */
export type Qrels = Map<string, Map<string, number>>;
