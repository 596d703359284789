import { InputError } from '../../errors.js';
import { closePostgresPools } from '../../legs/postgres/postgres-pools.js';
import { createTarget, type PostgresTargetOptions } from '../../push/create-target.js';
import { legsWithHeaders } from '../../push/leg-headers.js';
import { legsYaml } from '../../push/legs-yaml.js';
import { DEFAULT_KNN_ENGINE, KNN_ENGINES } from '../../push/opensearch-target.js';
import { DEFAULT_PUSH_BATCH, pushIndex } from '../../push/push-index.js';
import { PUSH_ENGINES } from '../../push/push-target.js';
import { type BaseUrl, parseBaseUrl } from '../../remote/base-url.js';
import { credentialsProblem } from '../../remote/url-credentials.js';
import { textSearchConfigFor } from '../../push/text-search-config.js';
import { postgresUrlProblem, POSTGRES_URL } from '../../remote/postgres-url.js';
import { IndexReader } from '../../store/index-reader.js';
import { REMOTE_DEFAULTS, RemoteClient } from '../../remote/remote-client.js';
import { intOption, oneOf, parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { JSON_OPTION } from '../json-output.js';
import { countProgress } from '../count-progress.js';
import { headerFlags } from '../header-flag.js';
import { indexFileArgument } from '../index-file.js';
import { readingIndex } from '../readable-index.js';
import { REMOTE_TLS_FLAGS, REMOTE_TLS_USAGE, remoteTlsFlags, tlsLegFields } from '../remote-tls-flags.js';

const usage = `Usage: testbed push INDEX --to ENGINE URL --name NAME [options]

Sends every chunk of an index (ids, title, text, language, the document's metadata and, when the
index has them, the vectors) to a search engine through its bulk or upsert API, in batches,
and prints the pipeline legs that search what was pushed. OpenSearch and Elasticsearch get one
document per chunk, _id the chunk id (DOC#N), _source {doc_id, chunk_id, title, text, lang,
metadata, vector}, in an index mapped for BM25 over title and text and cosine k-NN over vector;
Qdrant gets one point per chunk, id the chunk's row number, with a cosine vector and the same
fields as payload, and a payload index per filterable field (an index without vectors cannot go
to Qdrant). PostgreSQL gets a table of one row per chunk (id, doc_id, title, text, lang, metadata
jsonb) with a generated tsvector column over title and text and a GIN index, for the postgres
leg's full-text ranking; --replace swaps the new table in within one transaction. Chunks refused with 429 or 503 are sent again (up to --retries); any other refused
chunk stops the push, named, with the exact number of chunks the engine indexed; the engine's
count is checked at the end.

Options:
  --to ENGINE         ${PUSH_ENGINES.join(' | ')} (required), followed by the engine's URL
                      (e.g. http://localhost:9200, http://localhost:6333); its path prefix and
                      query string are kept on every request, user:password@ in it is sent as
                      Authorization: Basic and never printed; postgres:
                      'postgres://user:\${env:PGPASSWORD}@localhost:5432/db' (a password only as
                      \${env:NAME}, or left out with PGPASSWORD set)
  --name NAME         the index (OpenSearch, Elasticsearch: lower case), collection or table
                      (PostgreSQL: lower case, digits and _) to create (required)
  --ts-config NAME    postgres: the text search configuration of the tsvector column (default:
                      the index's language, english for an English index, simple for a mixed one)
  --replace           delete an existing index or collection of that name first
                      (without it, an existing one is refused)
  --batch N           chunks per request (default ${DEFAULT_PUSH_BATCH})
  --knn-engine E      OpenSearch only: the k-NN library of the vector field, ${KNN_ENGINES.join(' | ')}
                      (default ${DEFAULT_KNN_ENGINE}: cosinesimil, filters inside knn from 2.4;
                      faiss: innerproduct over our unit vectors, filters inside knn from 2.9)
  --header 'H: V'     a header sent with every HTTP request (not postgres), repeatable; \${env:NAME} in the value
                      is read from the environment (e.g. 'Authorization: Bearer \${env:OS_TOKEN}',
                      'api-key: \${env:QDRANT_KEY}'); the printed legs carry the headers
                      as written (\${env:} references, never their values; a literal
                      Authorization, key or token value is left out)
  --timeout MS        per request or SQL statement (default ${REMOTE_DEFAULTS.timeoutMs})
  --retries N         further attempts after a 429, a 5xx or a timeout, and for bulk items
                      refused with 429 or 503 (default ${REMOTE_DEFAULTS.retries})
  --json              print JSON on stdout instead of the legs' YAML: {index, engine, target,
                      name, replaced, chunks, vectors, dims, batches, seconds, legs: [each leg
                      as an object], headers_left_out: [--header names not printed]}
${REMOTE_TLS_USAGE}
  -h, --help          show this help

Examples:
  testbed push data/demo.sqlite --to opensearch http://localhost:9200 --name demo --replace
  testbed push data/demo.sqlite --to postgres postgres://postgres@localhost:5432/search --name demo`;

export const pushCommand: Command = {
  name: 'push',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      to: { type: 'string' },
      name: { type: 'string' },
      replace: { type: 'boolean' },
      batch: { type: 'string' },
      'knn-engine': { type: 'string' },
      header: { type: 'string', multiple: true },
      'ts-config': { type: 'string' },
      timeout: { type: 'string' },
      retries: { type: 'string' },
      ...JSON_OPTION,
      ...REMOTE_TLS_FLAGS,
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (values.to === undefined) throw new InputError(`missing --to ENGINE URL\n\n${usage}`);
    const engine = oneOf('to', values.to, PUSH_ENGINES, 'opensearch');
    // The URL follows --to ENGINE but parses as a positional: tell it from INDEX by its scheme,
    // so either order works.
    const urls = positionals.filter((p) => /^[a-z][a-z0-9+.-]*:\/\//i.test(p));
    const others = positionals.filter((p) => !urls.includes(p));
    if (urls.length === 0)
      throw new InputError(
        `missing the ${engine} URL after --to ${engine} (e.g. --to ${engine} http://localhost:${engine === 'qdrant' ? 6333 : 9200})\n\n${usage}`,
      );
    const extra = [...urls.slice(1), ...others.slice(1)][0];
    if (extra !== undefined) throw new InputError(`unexpected argument "${extra}"; --help lists the options`);
    const url = urls[0]!;
    const headers = headerFlags(values.header);
    // Taken apart once: a fragment or another scheme is refused here, before any request.
    let base: BaseUrl | undefined;
    if (engine === 'postgres') {
      if (!POSTGRES_URL.test(url))
        throw new InputError(`--to postgres: "${url}" is not a postgres://USER@HOST:PORT/DATABASE URL`);
      const problem = postgresUrlProblem(url);
      if (problem) throw new InputError(`--to postgres: ${problem}`);
      if (values.header?.length) throw new InputError('--header is for HTTP engines; PostgreSQL is reached by its URL');
      if (tlsLegFields(values).length > 0)
        throw new InputError(
          '--ca-file, --client-cert, --client-key, --insecure and --aws-sigv4 are for HTTP engines; PostgreSQL takes sslmode and its certificates in the URL',
        );
    } else {
      base = parseBaseUrl(url, `--to ${engine}`);
      const conflict = credentialsProblem(url, headers);
      if (conflict) throw new InputError(`--to ${engine}: ${conflict.replace('the headers set', '--header sets')}`);
    }
    if (values['ts-config'] !== undefined && engine !== 'postgres')
      throw new InputError('--ts-config is for --to postgres (the text search configuration of its tsvector column)');
    const file = indexFileArgument(positional(others, 0, 'INDEX', usage));
    if (values.name === undefined)
      throw new InputError(
        `missing --name NAME (the ${engine === 'qdrant' ? 'collection' : 'index'} to create)\n\n${usage}`,
      );
    const batchSize = intOption('batch', values.batch, DEFAULT_PUSH_BATCH, 1, 100_000);
    const timeoutMs = intOption('timeout', values.timeout, REMOTE_DEFAULTS.timeoutMs, 1, 3_600_000);
    const client = new RemoteClient({
      headers,
      timeoutMs,
      retries: intOption('retries', values.retries, REMOTE_DEFAULTS.retries, 0, 20),
      concurrency: 1,
      // A bulk answer lists every item sent: a smaller batch makes it smaller.
      tooLargeHint: 'send fewer documents per request (--batch N)',
      ...remoteTlsFlags(values, 'push', engine),
    });
    const knnEngine =
      values['knn-engine'] === undefined
        ? undefined
        : oneOf('knn-engine', values['knn-engine'], KNN_ENGINES, DEFAULT_KNN_ENGINE);
    const postgres =
      engine === 'postgres'
        ? await readingIndex(file, async () => postgresOptions(file, values['ts-config'], timeoutMs))
        : undefined;
    const target = createTarget(engine, client, url, values.name, { knnEngine, ...(postgres && { postgres }) });
    if (postgres?.why)
      io.err(`text search configuration ${postgres.config}: ${postgres.why} (--ts-config NAME to choose another)\n`);
    const s = await readingIndex(file, () =>
      pushIndex({
        file,
        target,
        batchSize,
        replace: values.replace,
        onProgress: countProgress(io, 'pushing', 'chunks'),
      }),
    ).finally(closePostgresPools);
    io.err(
      `pushed ${s.chunks} chunks of ${file} to ${target.label}${s.replaced ? ' (replaced)' : ''}: ` +
        `${s.vectors} vectors${s.dims !== null ? ` (${s.dims} dims)` : ''}, ${s.batches} batches of up to ${batchSize}, ${s.seconds.toFixed(1)} s\n`,
    );
    const tlsFields = tlsLegFields(values);
    const { legs, omitted } = legsWithHeaders(
      target.legs(s.dims).map((leg) => [...leg, ...tlsFields]),
      headers,
    );
    if (values.json) {
      const pushed = { index: file, engine, target: target.label, name: values.name, replaced: s.replaced };
      const counts = { chunks: s.chunks, vectors: s.vectors, dims: s.dims, batches: s.batches, seconds: s.seconds };
      const legObjects = legs.map((leg) => Object.fromEntries(leg));
      io.out(JSON.stringify({ ...pushed, ...counts, legs: legObjects, headers_left_out: omitted }, null, 2) + '\n');
      return 0;
    }
    io.out(
      `# Legs that search the pushed ${engine === 'qdrant' ? 'collection' : engine === 'postgres' ? 'table' : 'index'}, for an experiment's retriever or --pipeline:\n` +
        omitted
          .map(
            (name) =>
              `# --header ${name} was a literal value and is not printed: add it to the legs' headers as \${env:NAME}\n`,
          )
          .join('') +
        (base && base.userinfo !== ''
          ? '# The URL\'s user:password is left out of these legs: give them headers: {Authorization: "Basic ${env:NAME}"} (NAME holding base64 of user:password), or write it back into url\n'
          : '') +
        legsYaml(legs),
    );
    return 0;
  },
};

/**
 * The text search configuration of a pushed table: the one named, else the index's language's
 * (text-search-config.ts) with the reason, which is said on stderr so a mixed corpus's `simple`
 * is no surprise.
 */
function postgresOptions(
  file: string,
  named: string | undefined,
  timeoutMs: number,
): PostgresTargetOptions & { why?: string } {
  if (named !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/.test(named))
      throw new InputError(`--ts-config "${named}": a text search configuration name such as english or simple`);
    return { config: named, timeoutMs };
  }
  const reader = IndexReader.open(file);
  try {
    const { config, reason } = textSearchConfigFor(reader.meta.languages);
    return { config, timeoutMs, why: reason };
  } finally {
    reader.close();
  }
}
