import { z } from 'zod/v4';
import { REMOTE_DEFAULTS } from '../../remote/remote-client.js';
import { POSTGRES_URL } from '../../remote/postgres-url.js';
import { REMOTE_LIMITS } from '../../schemas/defaults.js';
import { POSTGRES_POOL_LIMITS } from './postgres-pool-registry.js';

/**
 * ts_rank_cd's normalization: a bit mask of the documented options (PostgreSQL manual, "Ranking
 * Search Results"), OR-ed together when several are given:
 *   0 ignore the document length (the default)    1 divide by 1 + log(length)
 *   2 divide by the length                         4 divide by the mean harmonic distance between extents
 *   8 divide by the number of unique words         16 divide by 1 + log(unique words)
 *   32 rank / (rank + 1)
 * where a document's length is its number of tokens (lexeme positions).
 */
const TS_RANK_NORMALIZATION_BITS = [1, 2, 4, 8, 16, 32] as const;

/**
 * Defaults of the postgres leg. The columns are those `testbed push --to postgres` creates.
 * normalization 0 is PostgreSQL's own default, what `ts_rank_cd(tsv, query)` ranks by when
 * nobody chooses, so the leg measures what a user of it gets. No other bit is best everywhere
 * (BENCHMARKS.md, ORed words: 4 on SciFact 0.4701 against 0.3365, 1 on Medline and CISI, 2 on
 * Cranfield); none closes the gap to BM25. `match: all` is websearch_to_tsquery, the search box
 * the leg is documented as.
 */
export const POSTGRES_LEG_DEFAULTS = Object.freeze({
  normalization: 0,
  tsvColumn: 'tsv',
});

/** A table, optionally schema-qualified; each part is quoted as an identifier, so its case is kept. */
export const SQL_TABLE = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;
/** A text search configuration's name (english, simple, public.my_config). */
const TS_CONFIG = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;

export const postgresLegFields = {
  url: z
    .string()
    .min(1)
    .max(2000)
    .regex(POSTGRES_URL, 'a postgres://USER@HOST:PORT/DATABASE URL')
    .describe(
      "the database, postgres://USER@HOST:PORT/DATABASE; a password only as ${env:NAME} (or set PGPASSWORD), never written out. Sent over HTTP: only host, port, database, user and ?sslmode=, no password (the server operator's PGPASSWORD or --pg-password-env)",
    ),
  table: z
    .string()
    .regex(SQL_TABLE, 'a table name (letters, digits and _), optionally schema.table')
    .describe('the table testbed push --to postgres made: id, doc_id, lang, metadata jsonb, tsv tsvector'),
  config: z
    .string()
    .regex(TS_CONFIG, 'a text search configuration name such as english or simple')
    .describe(
      'the text search configuration the query is parsed with (websearch_to_tsquery): the one the tsv column was made with, which push prints',
    ),
  match: z
    .enum(['all', 'any'])
    .default('all')
    .describe(
      'all: websearch_to_tsquery(config, query), a search box: every word (AND), "phrases", or, -excluded; any: rows holding any of the query\'s words (plainto_tsquery with its & turned to |), as BM25 matches',
    ),
  normalization: z
    .number()
    .int()
    .min(0)
    // Every bit at once: 63.
    .max(TS_RANK_NORMALIZATION_BITS.reduce((all: number, bit) => all | bit, 0))
    .default(POSTGRES_LEG_DEFAULTS.normalization)
    .describe(
      `ts_rank_cd's normalization bit mask (default ${POSTGRES_LEG_DEFAULTS.normalization}): 1 log length, 2 length, 4 extent distance, 8 unique words, 16 log unique words, 32 rank/(rank+1); OR them (2|4 is 6)`,
    ),
  tsv_column: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'a column name')
    .optional()
    .describe(`the tsvector column ranked (default ${POSTGRES_LEG_DEFAULTS.tsvColumn})`),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxTimeoutMs)
    .optional()
    .describe(`statement_timeout and how long a connection is waited for, ms (default ${REMOTE_DEFAULTS.timeoutMs})`),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxConcurrency)
    .optional()
    .describe(
      `statements in flight at once (default ${REMOTE_DEFAULTS.concurrency}), in the database's one pool of at most ${POSTGRES_POOL_LIMITS.connectionsPerPool} connections`,
    ),
};

export type PostgresLeg = { type: 'postgres'; name: string } & z.output<z.ZodObject<typeof postgresLegFields>>;
