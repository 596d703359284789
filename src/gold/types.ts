/**
 * One judgement added to a gold set after the fact, exactly as stored in the additions file.
 * Field names are snake_case because this is also the JSON line on disk and the HTTP answer:
 * one shape everywhere means nothing has to be renamed between them.
 */
export interface Addition {
  query_id: string;
  doc_id: string;
  /** Relevance grade, an integer from 0 to 10; 0 records "judged not relevant". */
  grade: number;
  /** When it was recorded, ISO 8601 in UTC (`2025-01-31T12:00:00.000Z`). */
  date: string;
  /** Why the judgement was made, for whoever reviews the gold set later. */
  note?: string;
  /** Who judged (a person's or a model's name): agreement between judges is measured by it. */
  judge?: string;
  /** What kind of judgement: `human`, `expert`, `llm`, `tickets`, `clicks` or another short word. */
  source?: string;
}

/** What a caller supplies to record a judgement; the date defaults to now, the grade to 1. */
export interface NewJudgement {
  queryId: string;
  docId: string;
  grade?: number;
  note?: string;
  judge?: string;
  source?: string;
  date?: Date;
}
