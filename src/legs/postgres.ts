import { defineLeg } from './leg-definition.js';
import { createPostgresLeg } from './postgres/postgres-leg.js';
import { postgresLegFields } from './postgres/postgres-leg-spec.js';
import { postgresUrlProblem } from '../remote/postgres-url.js';

/**
 * A PostgreSQL table ranked by the server's full-text search (postgres/ holds the statement, the
 * filter SQL, the pool): websearch_to_tsquery and ts_rank_cd, as `testbed push --to postgres`
 * lays the table out.
 */
export const postgresLeg = defineLeg({
  type: 'postgres',
  description:
    'a PostgreSQL table through full-text search: websearch_to_tsquery(config, query) matched against a tsvector column, ranked by ts_rank_cd with a chosen normalization',
  fields: postgresLegFields,
  defaultName: () => 'postgres',
  check(leg) {
    const problem = postgresUrlProblem(leg.url);
    return problem === undefined ? undefined : { field: 'url', message: problem };
  },
  create: (leg, ctx) => createPostgresLeg(leg, { index: ctx.reader, once: (key, make) => ctx.memo(key, make) }),
  endpoints: (leg) => [{ role: 'search', method: 'SQL', url: leg.url }],
  signal: () => 'lexical',
});
