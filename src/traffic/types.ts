/**
 * The traffic model every traffic command shares: what a search log says, whatever wrote it (this
 * server's `--log-queries` files, an OpenSearch UBI export, a plain CSV or JSONL click log). The
 * readers (read-traffic.ts) turn each source into these records; sampling (sample-queries.ts) and
 * the click models (click-models.ts) read only these.
 *
 * Field names follow the UBI specification (o19s/ubi, schema 1.3.0): a query record is one
 * `ubi_queries` document, an event one `ubi_events` document.
 */

/** Where a record was read: reports name the file and line of anything dropped. */
export interface RecordSource {
  file: string;
  /** 1-based line (JSONL, CSV) or array element (JSON array) the record came from. */
  line: number;
}

/** One search as a log recorded it (UBI `ubi_queries`). */
export interface LoggedSearch {
  /** UBI `query_id`: unique per search; events refer to it. */
  queryId: string;
  /** UBI `user_query`: the text exactly as typed (masking and normalising come later). */
  userQuery: string;
  /** UBI `client_id`: the browser, service or bot that searched, when known. */
  clientId?: string;
  /** ISO 8601, as logged. */
  timestamp?: string;
  /**
   * UBI `query_response_hit_ids`: the documents shown, in rank order (index 0 is ordinal 1).
   * Undefined when the log does not say what was shown (a plain click log without impressions);
   * empty for a zero-hit search. A hole (`undefined` element) is a position the log skipped.
   */
  hitIds?: (string | undefined)[];
  /** The served index searched (this server's logs), when known. */
  index?: string;
  /** What served it (served-by.ts: the logged pipeline's label), when the log says. */
  servedBy?: string;
  /** The interleaving that merged the shown list (`serve --interleave`), with each hit's team. */
  interleaving?: LoggedInterleaving;
  /** The intervention this search made (`serve --explore swap`): the 1-based adjacent ordinals exchanged. */
  exploration?: Exploration;
  from: RecordSource;
}

/** The interleaving methods a log can name (`testbed serve --interleave`). */
export const INTERLEAVING_METHODS = ['team-draft', 'balanced', 'team-draft-multileave'] as const;
export type InterleavingMethod = (typeof INTERLEAVING_METHODS)[number];

/** A search's interleaving as logged (the query record's `interleaving`): enough to credit its clicks. */
export interface LoggedInterleaving {
  name: string;
  method: InterleavingMethod;
  /** Arm names in the interleaving file's order. */
  arms: string[];
  /** Parallel to hitIds: the arm credited with each shown hit (balanced: the arm the merge took it from). */
  teams: (string | null)[];
  /** Balanced only: each arm's own top k ids, which Joachims' credit rule reads. */
  armHitIds?: Record<string, string[]>;
}

/** A randomised intervention on a search's order (the log record's `exploration`). */
export interface Exploration {
  method: 'swap';
  /** 1-based ordinals [i, i + 1] of the adjacent pair exchanged. */
  swapped: [number, number];
}

/** One UBI event (`ubi_events`): a click, an impression, or any other `action_name`. */
export interface LoggedEvent {
  queryId: string;
  /** UBI `action_name`, as logged (`click`, `impression`, `add_to_cart`, ...). */
  action: string;
  /** UBI `event_attributes.object.object_id`, as a string. */
  objectId?: string;
  /** UBI `event_attributes.position.ordinal`: 1 is the first result shown. */
  ordinal?: number;
  clientId?: string;
  timestamp?: string;
  from: RecordSource;
}

/** Why records were not used, with how many and the first few, so nothing is dropped silently. */
export interface DroppedCount {
  reason: string;
  count: number;
  /** The first ten, for the summary (file:line and what was wrong). */
  examples: string[];
}

/** Everything read from one or more logs. */
export interface Traffic {
  searches: LoggedSearch[];
  events: LoggedEvent[];
  dropped: DroppedCount[];
}

/** The UBI query record this server writes for each search it answers (`testbed serve --log-queries`). */
export interface UbiQueryRecord {
  query_id: string;
  client_id?: string;
  user_query: string;
  /** The served index (not in the UBI schema, which allows more properties; OpenSearch calls it the index too). */
  index: string;
  /** The pipeline that ran, every default filled in (UBI `query_attributes` would hold it too: we keep it top level). */
  query_attributes: { mode: string; k: number; level: string; pipeline: unknown };
  query_response_hit_ids: string[];
  timestamp: string;
  /** `serve --explore swap`: the adjacent pair this search exchanged (the hit ids are the order shown). */
  exploration?: Exploration;
  /** An interleaved search (`serve --interleave`): which arm each shown hit is credited to. */
  interleaving?: UbiInterleaving;
}

/** What an interleaved search logs so the log alone can credit its clicks (issue 39's contract). */
export interface UbiInterleaving {
  /** The interleaving's name in the --interleave file. */
  name: string;
  method: 'team-draft' | 'balanced' | 'team-draft-multileave';
  /** The arm names, in the file's order. */
  arms: string[];
  /** Parallel to query_response_hit_ids: the arm credited with each shown hit (balanced: the arm whose list it was taken from). */
  teams: (string | null)[];
  /** Balanced only: each arm's own top-k ids, which Joachims' credit rule compares clicks against. */
  arm_hit_ids?: Record<string, string[]>;
}

/** The UBI event this server writes for each event posted to POST /events. */
export interface UbiEventRecord {
  action_name: string;
  query_id: string;
  client_id?: string;
  session_id?: string;
  /** UBI `user_id`: the signed-in person, when the caller knows one. */
  user_id?: string;
  /** UBI `application`: which front end sent it (`type-ahead`, `primary-search`, ...). */
  application?: string;
  timestamp: string;
  message_type?: string;
  message?: string;
  event_attributes?: {
    object?: { object_id: string | number; object_id_field?: string; [key: string]: unknown };
    position?: { ordinal?: number; [key: string]: unknown };
    [key: string]: unknown;
  };
}
