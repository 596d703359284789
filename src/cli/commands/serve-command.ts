import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { checkIndexName, INDEX_EXTENSION } from '../../schemas/index-names.js';
import { InputError } from '../../errors.js';
import { intOption, oneOf, parse } from '../args.js';
import { shareOption } from '../traffic-logs.js';
import { DEFAULT_EXPLORE_RATE, EXPLORE_METHODS, type ExploreOptions } from '../../traffic/explore-swap.js';
import type { Command, CliIo } from '../command.js';
import { cacheHome } from '../../cache-home.js';
import { progressBar } from '../progress-bar.js';
import { DEFAULT_MAX_JOBS } from '../../serving/jobs/job-queue.js';
import { DEFAULT_MAX_GRID_CELLS } from '../../experiments/grid-limit.js';
import { normalOrigin } from '../../remote/allowed-origins.js';
import { useOperatorPgPassword } from '../../remote/operator-pg-password.js';
import { MODEL_HUB_ORIGIN, modelDownloadsAllowed } from '../../embedders/model-downloads.js';

/** A server told to stop exits by then, whatever it was doing (the issue asks for 5 s). */
const STOP_DEADLINE_MS = 4500;

const usage = `Usage: testbed serve [options]

Serves every index file DIR/NAME.sqlite as index NAME over HTTP:
  GET|POST /search/bm25, /search/dense, /search/hybrid   (index, q, k, level, ...)
  GET /indexes, GET /indexes/:name, POST /indexes, DELETE /indexes/:name
  POST /experiments, GET /experiments, GET /experiments/:id, DELETE /experiments/:id (cancel)
  POST /gold, GET /gold, DELETE /gold, GET /health
  GET|POST /search/interleaved   (index, q, k, level, interleaving: the arms of an
  --interleave file merged into one list, each hit with its team; also /search with interleaving)
  POST /events (UBI click and other events for a search's query_id; with --log-queries)
  POST /traffic/samples, POST /traffic/judgements (queries sample and gold from-clicks over the
  --log-queries folder, as jobs), GET /traffic/samples[/:id], GET /traffic/judgements[/:id];
  GET /traffic (the log's summary), GET /traffic/interleavings (the clicks of interleaved
  searches credited to their arms, as \`testbed interleave\`)
  POST|DELETE /mcp (the MCP server of testbed mcp over Streamable HTTP, for agents: docs/mcp.md)
  Pages (a browser asking for HTML): GET / (playground), GET /judge (judging a pool),
  GET /experiments, GET /experiments/:id (reports, with downloads); the API described: GET /docs
  (a readable reference), GET /openapi.json

Options:
  --host H            address to bind (default 127.0.0.1; any other needs TESTBED_TOKEN)
  --port P            port (default 8787)
  --data DIR          folder of index files (default data)
  --corpora DIR       root that corpus and qrels paths sent over HTTP resolve in (default corpora)
  --protect-search    searches need the token too (by default only changes do), and so
                      does reading what they found: experiment reports, run files and
                      pages, the judging page's pools, GET /gold, the traffic log
  --allow-judging     offer the MCP judge tool at /mcp (agents add judgements to gold sets;
                      with a token, only calls that carry it)
  --cors ORIGIN       allow browser calls from ORIGIN (repeatable; CORS is off by default)
  --allowed-host NAME answer requests for NAME too (repeatable; no port): only localhost,
                      127.0.0.1, [::1] and the --host value are answered otherwise, so a page
                      cannot reach the server by pointing its own name at it (DNS rebinding)
  --allow-remote ORIGIN  let pipelines and experiments sent over HTTP call ORIGIN
                      (scheme://host:port; repeatable): an http leg's endpoint, say. None by
                      default, so no request can make the server fetch an address it names.
                      A postgres URL sent over HTTP names only host, port, database, user
                      and sslmode (docs/security.md); the allow-list is checked on the host
                      and port the driver connects to
  --pg-password-env NAME  the password of postgres legs sent over HTTP, read from the
                      environment variable NAME (a request never carries one); PGPASSWORD
                      is read when this is not given
  --allow-model-downloads  let requests name transformers models (embedders, cross-encoders)
                      that are not on this machine, downloaded from the Hugging Face hub: the
                      same as --allow-remote https://huggingface.co. Without it a request may
                      name only models in MODELS_DIR or the download cache (403 otherwise),
                      and the server, its workers and jobs run with TRANSFORMERS_OFFLINE=1
  --cache-dir DIR     the cache shared by every command: embeddings, experiment indexes, job
                      records (default: TESTBED_HOME, else ~/.cache/retrieval-testbed)
  --ensure NAME       before serving, build DIR/NAME.sqlite from CORPORA/NAME if it is missing
                      (npm start uses --ensure demo). With the vectors shipped in
                      CORPORA/NAME/vectors/ (the demo ships use-lite's, int8) when they hold one
                      for every chunk: the whole index, in seconds. Otherwise its lexical part
                      first, so bm25 answers within seconds, then its vectors in a background
                      build (dense and hybrid answer 503 with the progress until it is done; a
                      stopped server embeds again at its next start, from the cache)
  --max-jobs N        index builds, experiments and traffic jobs run at once, each in a process
                      of its own (default 1); the others wait, state queued
  --max-grid-cells N  refuse (400) an experiment whose grid has more configurations (default 200)
  --log-queries DIR   log every search (a UBI query record: query_id, X-Client-Id, the query,
                      index, pipeline, hit ids) and the events of POST /events to
                      DIR/ubi_queries-DAY.jsonl and DIR/ubi_events-DAY.jsonl, a file a UTC
                      day; off by default (every search answer carries its query_id anyway)
  --show-raw-queries  GET /traffic and the home page show logged query texts as typed; by
                      default e-mail addresses, phone and card numbers in them are masked
  --explore swap      with --log-queries: in a share of the searches logged (--explore-rate),
                      swap one random adjacent pair of the answer's top k (the caller sees the
                      swapped order) and log it as exploration: {method: swap, swapped: [i,
                      i+1]}. Whether and where is drawn from a generator seeded by the query_id.
                      \`testbed gold from-clicks --propensities swap\` and \`testbed eval-clicks
                      --propensities swap\` estimate position bias from these swaps
  --explore-rate R    the share of logged searches swapped, above 0 and at most 1 (default
                      ${DEFAULT_EXPLORE_RATE}): each costs its user one slightly worse order
  --seed-traffic DIR  when the --log-queries folder holds no log yet, copy DIR's
                      ubi_queries*.jsonl and ubi_events*.jsonl files into it first
  --interleave FILE   serve the interleavings of the YAML FILE at /search/interleaved (needs
                      --log-queries): each names an index, a method (team-draft, balanced, or
                      team-draft-multileave for three or more arms), its arms (name: bm25, dense,
                      hybrid, or a pipeline object as POST /search takes) and the share of the
                      index's interleaved searches merged (default 1; the rest the first arm
                      answers alone). Coin flips come from a generator seeded by the query_id,
                      and the log records each shown hit's team
  --workers N         search worker threads, each with its own index connections (default: one
                      per core); 0 searches on the main thread, one search at a time
  --lazy-open         open each index at its first search; by default every index in DIR is
                      opened for search (each worker reads its BM25 statistics, chunk lengths
                      and document keys: 8 MB and some tens of ms at a million chunks) before
                      the server listens, so no first search waits for it. Dense vectors
                      are read at the first dense search either way
  -h, --help          show this help

Environment:
  TESTBED_TOKEN       bearer token required by POST/DELETE endpoints; refused when blank,
                      and under 16 characters when --host is not a loopback address
  TESTBED_HOME        the shared cache when --cache-dir is not given
  MODELS_DIR          folder of local transformers.js models
  TESTBED_DENSE_KERNEL=js  dense search with the plain JavaScript scan instead of the
                      WebAssembly SIMD kernel (to compare the two)

Browser pages elsewhere cannot change anything: POST/PUT/PATCH (and DELETE with a body) need
Content-Type: application/json, and a foreign Origin or a Sec-Fetch-Site of cross-site or
same-site is refused unless it is a --cors origin. GET /health answers whatever the Host.`;

export const serveCommand: Command = {
  name: 'serve',
  usage,
  async run(argv, io) {
    const { values } = parse(argv, {
      host: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      corpora: { type: 'string' },
      ensure: { type: 'string', multiple: true },
      'protect-search': { type: 'boolean' },
      'allow-judging': { type: 'boolean' },
      'show-raw-queries': { type: 'boolean' },
      cors: { type: 'string', multiple: true },
      'allowed-host': { type: 'string', multiple: true },
      'allow-remote': { type: 'string', multiple: true },
      'allow-model-downloads': { type: 'boolean' },
      'pg-password-env': { type: 'string' },
      'cache-dir': { type: 'string' },
      'max-jobs': { type: 'string' },
      'max-grid-cells': { type: 'string' },
      workers: { type: 'string' },
      'lazy-open': { type: 'boolean' },
      'log-queries': { type: 'string' },
      'seed-traffic': { type: 'string' },
      explore: { type: 'string' },
      'explore-rate': { type: 'string' },
      interleave: { type: 'string' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    // Through the environment, so builds, experiments and any process they start share it.
    if (values['cache-dir']) process.env.TESTBED_HOME = cacheHome(values['cache-dir']);
    const dataDir = values.data ?? 'data';
    const corporaRoot = values.corpora ?? 'corpora';
    // As set, even when empty: a blank TESTBED_TOKEN is a mistake to report, not "no token".
    const token = process.env.TESTBED_TOKEN;
    // The server (and everything it serves) is loaded here: --help answers without it.
    const { checkBinding, DEFAULT_HOST, PortInUseError, startServer } = await import('../../http/start-server.js');
    checkBinding(values.host ?? DEFAULT_HOST, token); // before a first-start build, not after
    const allowRemote = [
      ...(values['allow-remote'] ?? []),
      ...(values['allow-model-downloads'] ? [MODEL_HUB_ORIGIN] : []),
    ].map(normalOrigin);
    // Before the workers and job processes start, so they inherit it.
    if (values['pg-password-env'] !== undefined) useOperatorPgPassword(values['pg-password-env']);
    for (const name of values.ensure ?? []) await ensureIndex(name, dataDir, corporaRoot, io);
    // After --ensure (the person starting the server may download): from here on no model load
    // in this process, its search workers or its job processes fetches from the hub unless allowed.
    if (!modelDownloadsAllowed(allowRemote)) process.env.TRANSFORMERS_OFFLINE = '1';
    const port = intOption('port', values.port, 8787, 0, 65535);
    const workers = intOption('workers', values.workers, availableParallelism(), 0, 256);
    const maxJobs = intOption('max-jobs', values['max-jobs'], DEFAULT_MAX_JOBS, 1, 64);
    const explore = exploreOption(values.explore, values['explore-rate']);
    const maxGridCells = intOption('max-grid-cells', values['max-grid-cells'], DEFAULT_MAX_GRID_CELLS, 1, 1_000_000);
    const server = await startServer({
      dataDir,
      corporaRoot,
      host: values.host,
      port,
      token,
      protectSearch: values['protect-search'],
      showRawQueries: values['show-raw-queries'],
      corsOrigins: values.cors,
      allowedHosts: values['allowed-host'],
      allowRemote,
      maxJobs,
      maxGridCells,
      workers,
      lazyOpen: values['lazy-open'],
      logQueries: values['log-queries'],
      seedTraffic: values['seed-traffic'],
      ...(explore && { explore }),
      interleave: values.interleave,
      allowJudging: values['allow-judging'],
    }).catch((err: unknown) => {
      if (!(err instanceof PortInUseError)) throw err;
      const other = err.port === 65535 ? 8788 : err.port + 1;
      throw new InputError(
        `${err.message} (another server is listening there): stop it, or choose another port with --port N, e.g. --port ${other} (--port 0 picks a free one)`,
      );
    });
    const searching = workers ? `${workers} search worker${workers === 1 ? '' : 's'}` : 'searches on the main thread';
    io.err(
      `serving ${server.catalog.indexes.names().length} index(es) from ${dataDir} on ${server.url} (${searching})\n`,
    );
    if (values['log-queries']) io.err(`logging searches and events to ${values['log-queries']}\n`);
    if (explore)
      io.err(`exploring: ${explore.rate * 100}% of logged searches swap one adjacent pair of their answer\n`);
    if (values.interleave) io.err(`interleaving the arms of ${values.interleave} at /search/interleaved\n`);
    // An index --ensure wrote lexical-first gets its vectors from a build in the background.
    const { startPendingEmbedding } = await import('../../serving/builds/vectors-pending.js');
    for (const name of values.ensure ?? []) {
      if (!startPendingEmbedding(server.catalog, name)) continue;
      io.err(
        `embedding index "${name}" in the background: bm25 answers now, dense and hybrid answer 503 with the progress until it is done (GET /indexes/${name})\n`,
      );
    }
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    });
    io.err(`${signal}: stopping (running jobs are stopped and recorded as interrupted)\n`);
    // close() is bounded (start-server.ts); this is the last resort against anything that is not.
    const deadline = setTimeout(() => {
      io.err(`did not stop within ${STOP_DEADLINE_MS / 1000} s: exiting anyway\n`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    await server.close();
    clearTimeout(deadline);
    return 0;
  },
};

/** --explore METHOD and --explore-rate R, checked together: a rate alone explores nothing. */
function exploreOption(method: string | undefined, rate: string | undefined): ExploreOptions | undefined {
  if (method === undefined) {
    if (rate !== undefined) throw new InputError('--explore-rate needs --explore swap');
    return undefined;
  }
  const chosen = oneOf('explore', method, EXPLORE_METHODS, 'swap');
  return { method: chosen, rate: shareOption('explore-rate', rate, DEFAULT_EXPLORE_RATE) };
}

async function ensureIndex(name: string, dataDir: string, corporaRoot: string, io: CliIo): Promise<void> {
  const out = path.join(dataDir, checkIndexName(name) + INDEX_EXTENSION);
  if (fs.existsSync(out)) return;
  const corpus = path.join(corporaRoot, name);
  const [{ buildIndex }, { BACKGROUND_EMBEDDER, lexicalFirstChunker }, { buildFromShippedVectors }] = await Promise.all(
    [
      import('../../indexing/build-index.js'),
      import('../../serving/builds/vectors-pending.js'),
      import('../../serving/builds/shipped-first.js'),
    ],
  );
  const onNotice = (m: string) => io.err(m + '\n');
  // Vectors shipped with the corpus (the demo's): the whole index now, nothing left to embed.
  if (await buildFromShippedVectors(corpus, out, progressBar(io), onNotice)) return;
  io.err(`first start: building the lexical part of index "${name}" from ${corpus}\n`);
  // Lexical first (seconds): the server listens, then embeds in a build of its own (see run).
  await buildIndex({
    corpus,
    out,
    chunker: lexicalFirstChunker(),
    embedder: 'none',
    vectorsPending: BACKGROUND_EMBEDDER,
    onProgress: progressBar(io),
    onNotice,
  });
}
