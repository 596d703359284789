import { postgresError } from '../legs/postgres/postgres-errors.js';
import { postgresPool, type PostgresPool } from '../legs/postgres/postgres-pools.js';
import { quoteIdent } from '../legs/postgres/postgres-search-sql.js';
import { resolvePostgresUrl, shownPostgresUrl } from '../remote/postgres-url.js';
import { RemoteError } from '../remote/remote-error.js';
import type { PushChunk } from './push-chunk.js';
import type { LegSnippet, PushTarget } from './push-target.js';

/** The suffix of the table a push fills before it takes the table's name. */
const STAGING_SUFFIX = '__push';

/**
 * A PostgreSQL table per index, one row per chunk: `id` the chunk id (primary key), `doc_id`,
 * `title`, `text`, `lang`, `metadata` jsonb (the fields every push target stores, push-chunk.ts),
 * and `tsv`, a stored generated column `to_tsvector(config, title || ' ' || text)` (title and
 * text, as our FTS5 index ranks them) with a GIN index, which the postgres leg searches. Vectors
 * are not sent (a vanilla server has no vector type).
 *
 * A push fills `<name>__push` (each batch one INSERT from unnest() arrays), builds its GIN
 * index, then in one transaction drops the old table, if any, and renames the new one in its
 * place: readers see the old rows until the commit and all of the new ones after it, and a push
 * that fails half-way leaves the old table as it was. So `remove` only marks the replacement.
 */
export class PostgresTarget implements PushTarget {
  readonly engine = 'postgres';
  readonly needsVectors = false;
  readonly label: string;
  private readonly staging: string;
  private readonly endpoint: string;
  private pool?: PostgresPool;

  constructor(
    private readonly url: string,
    private readonly name: string,
    /** The text search configuration of the tsv column (text-search-config.ts). */
    readonly config: string,
    private readonly timeoutMs: number,
  ) {
    this.staging = `${name}${STAGING_SUFFIX}`;
    this.endpoint = `SQL ${shownPostgresUrl(url)}`;
    this.label = `PostgreSQL table "${name}" at ${shownPostgresUrl(url)}`;
  }

  private async query(text: string, values: unknown[] = []): Promise<{ rows: Record<string, unknown>[] }> {
    const pool = (this.pool ??= postgresPool({
      url: resolvePostgresUrl(this.url, `push to postgres table "${this.name}"`),
      concurrency: 1,
      timeoutMs: this.timeoutMs,
    }));
    try {
      return await pool.query({ text, values });
    } catch (err) {
      throw postgresError(err, { what: `push to postgres table "${this.name}"` }, this.endpoint, {
        table: this.name,
        config: this.config,
        timeoutMs: this.timeoutMs,
      });
    }
  }

  async exists(): Promise<boolean> {
    const { rows } = await this.query('SELECT to_regclass($1) IS NOT NULL AS found', [quoteIdent(this.name)]);
    return rows[0]!.found === true;
  }

  /** Nothing yet: finish() drops the old table in the transaction that puts the new one in its place. */
  async remove(): Promise<void> {}

  async create(): Promise<void> {
    // Checked first, so an unknown configuration is named before anything is created.
    await this.query('SELECT $1::regconfig', [this.config]);
    const config = (await this.query('SELECT quote_literal($1) AS q', [this.config])).rows[0]!.q as string;
    await this.query(`DROP TABLE IF EXISTS ${quoteIdent(this.staging)}`);
    await this.query(
      `CREATE TABLE ${quoteIdent(this.staging)} (
        id text PRIMARY KEY, doc_id text NOT NULL, title text NOT NULL, text text NOT NULL, lang text,
        metadata jsonb NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector(${config}::regconfig, title || ' ' || text)) STORED)`,
    );
  }

  async send(batch: PushChunk[]): Promise<void> {
    await this.query(
      `INSERT INTO ${quoteIdent(this.staging)} (id, doc_id, title, text, lang, metadata)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])`,
      [
        batch.map((c) => c.chunkId),
        batch.map((c) => c.docId),
        batch.map((c) => stripNul(c.title)),
        batch.map((c) => stripNul(c.text)),
        batch.map((c) => c.lang ?? null),
        batch.map((c) => JSON.stringify(c.metadata)),
      ],
    );
  }

  /** The GIN index, the swap in one transaction, ANALYZE for the planner, then the rows counted. */
  async finish(): Promise<number> {
    const staging = quoteIdent(this.staging);
    const table = quoteIdent(this.name);
    await this.query(`CREATE INDEX ${quoteIdent(`${this.staging}_tsv`)} ON ${staging} USING gin (tsv)`);
    const client = await this.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.query(`ALTER TABLE ${staging} RENAME TO ${table}`);
      await client.query(
        `ALTER INDEX ${quoteIdent(`${this.staging}_tsv`)} RENAME TO ${quoteIdent(`${this.name}_tsv`)}`,
      );
      await client.query(
        `ALTER INDEX ${quoteIdent(`${this.staging}_pkey`)} RENAME TO ${quoteIdent(`${this.name}_pkey`)}`,
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err instanceof RemoteError
        ? err
        : postgresError(err, { what: `push to postgres table "${this.name}"` }, this.endpoint, {
            table: this.name,
            timeoutMs: this.timeoutMs,
          });
    } finally {
      client.release();
    }
    await this.query(`ANALYZE ${table}`);
    const { rows } = await this.query(`SELECT count(*)::int AS n FROM ${table}`);
    return rows[0]!.n as number;
  }

  /**
   * The table as a search box reads it (websearch_to_tsquery: every word), and as BM25 matches
   * (any word), both ranked by ts_rank_cd with the server's default normalization.
   */
  legs(): LegSnippet[] {
    const common: LegSnippet = [
      ['url', this.url],
      ['table', this.name],
      ['config', this.config],
    ];
    return [
      [['type', 'postgres'], ['name', 'pg'], ...common],
      [['type', 'postgres'], ['name', 'pg-any'], ...common, ['match', 'any']],
    ];
  }
}

/** PostgreSQL text cannot hold U+0000 (the other engines' JSON can): the character is dropped. */
function stripNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}
