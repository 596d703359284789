import { printableLines } from '../printable.js';
import path from 'node:path';
import { readQuerySet } from '../../gold/read-query-set.js';
import { writeRun } from '../../runs/trec-run-writer.js';
import type { FailedQuery } from '../../search/failed-query.js';
import { InputError } from '../../errors.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { indexFileArgument } from '../index-file.js';
import { readingIndex } from '../readable-index.js';
import { SEARCH_FLAGS, searchFlagsHelp, searchRequest } from '../search-options.js';
import { readPipelineFlag } from '../pipeline-flag.js';
import { depthShortfall, withLegDepthForK } from '../../pipeline/leg-depth.js';
import { runTag } from '../../pipeline/run-tag.js';

/** Computed when read: the help lists the leg types registered at that moment. */
const usage = () => `Usage: testbed retrieve INDEX --queries queries.jsonl --run out.trec [options]

Runs every query of a BEIR queries.jsonl against an index and writes a TREC run file
(qid Q0 docid rank score tag), ready for trec_eval or \`testbed eval\`. Ties are written in
trec_eval's order (score descending, then docid descending), so a run cut at k holds the
documents trec_eval keeps from a deeper run. A query with no hit has no line: the summary
counts them (\`testbed eval\` scores an answerable one 0, as trec_eval -c). A query a remote
leg fails for (an error, a timeout, an answer that cannot be read) is not written: the run holds
the answered queries, the failures are listed here and the exit code is 1.

With fused legs (hybrid, or a pipeline of several legs) each leg is asked for at least --k
documents: its depth is raised to k unless --depth (fusion.depth in a pipeline) is given, since
legs cut at 100 cap a run at k 1000 well below 1000 documents a query. A depth given below k is
kept, with a note; when some queries get fewer than k documents because a leg was cut at its
depth, the summary says how many and the fewest.

Options:
  --queries FILE      BEIR queries.jsonl (required)
  --run FILE          run file to write (required)
  --json              print the outcome as JSON on stdout: {run, tag, queries: N read,
                      with_hits, no_hit: [ids], lines, seconds, ms_per_query,
                      failed: [{query, message}]}; the human lines stay on stderr
  --tag TAG           run tag, last column (default: what made the run: bm25-ENGINE, e.g.
                      bm25-postings, bm25-wink, bm25-fts5; dense-HASH, hybrid-HASH or
                      pipeline-HASH, HASH the first 8 hex digits of the sha256 of the pipeline's
                      canonical JSON (keys sorted, k left out); bm25 runs carry -HASH too when
                      k1, b, a filter or qlang is set)
${searchFlagsHelp({ k: 100, level: 'doc' })}
  -h, --help          show this help`;

export const retrieveCommand: Command = {
  name: 'retrieve',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      ...SEARCH_FLAGS,
      queries: { type: 'string' },
      run: { type: 'string' },
      tag: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    const file = indexFileArgument(positional(positionals, 0, 'INDEX', usage()));
    if (!values.queries) throw new InputError(`missing --queries FILE\n\n${usage()}`);
    if (!values.run) throw new InputError(`missing --run FILE\n\n${usage()}`);
    const base = searchRequest(values, '', { k: 100, level: 'doc' });
    const depthFlag = values.pipeline === undefined ? '--depth' : 'fusion.depth in --pipeline';
    const depthGiven =
      values.pipeline === undefined ? values.depth !== undefined : fusionDepthGiven(readPipelineFlag(values.pipeline));
    const pipeline = withLegDepthForK(base.pipeline, depthGiven);
    const { fusion, k } = pipeline;
    if (fusion && fusion !== base.pipeline.fusion)
      io.err(`note: each leg is asked for ${fusion.depth} documents (its depth raised to --k; ${depthFlag} sets it)\n`);
    if (fusion && fusion.depth < k)
      io.err(
        `note: ${depthFlag} ${fusion.depth} is below --k ${k}: each leg gives at most ${fusion.depth} documents a query, so a query may get fewer than ${k}\n`,
      );
    const tag = values.tag ?? runTag(pipeline, base.mode ?? 'pipeline');
    const queries = await readQuerySet(values.queries);
    // Loaded here so that --help and bad flags answer without loading SQLite and the retrievers.
    const [{ EmbedderPool }, { Searcher }, { runQuerySet }] = await Promise.all([
      import('../../embedders/embedder-pool.js'),
      import('../../search/searcher.js'),
      import('../../search/run-query-set.js'),
    ]);
    const pool = new EmbedderPool();
    const searcher = new Searcher(path.basename(file), file, (id) => pool.get(id));
    try {
      const t0 = performance.now();
      const failed: FailedQuery[] = [];
      const results = await readingIndex(file, () =>
        runQuerySet(searcher, pipeline, queries, undefined, (f) => failed.push(f)),
      );
      const seconds = (performance.now() - t0) / 1000;
      const lines = writeRun(values.run, results, tag);
      const empty = results.filter((r) => r.hits.length === 0).length;
      io.err(
        `wrote ${values.run}: ${queries.length} queries read, ${results.length - empty} with hits (${lines} lines)` +
          (empty > 0
            ? `, ${empty} with no hit: absent from the file (a run cannot hold an empty ranking); \`testbed eval\` scores an answerable one 0`
            : '') +
          // Per query: retrieval alone (what a served search costs); the wall time also holds loading the legs once (model, vectors, wink's in-memory index).
          `; ${seconds.toFixed(1)} s (${(results.reduce((sum, r) => sum + r.ms, 0) / Math.max(1, results.length)).toFixed(1)} ms/query after loading the legs)\n`,
      );
      if (values.json) {
        const outcome = {
          run: values.run,
          tag,
          queries: queries.length,
          with_hits: results.length - empty,
          no_hit: results.filter((r) => r.hits.length === 0).map((r) => r.qid),
          lines,
          seconds,
          ms_per_query: results.reduce((sum, r) => sum + r.ms, 0) / Math.max(1, results.length),
          failed: failed.map((f) => ({ query: f.queryId, message: f.message })),
        };
        io.out(JSON.stringify(outcome, null, 2) + '\n');
      }
      const short = depthShortfall(pipeline, results);
      if (short && fusion)
        io.err(
          `note: ${short.queries} of ${results.length} queries got fewer than ${k} documents (the fewest ${short.fewest}) because a leg gave all ${fusion.depth} its depth allows; raise it with ${depthFlag} ${k}\n`,
        );
      if (failed.length > 0) {
        io.err(
          `${failed.length} of ${queries.length} queries failed and are not in the run:\n${failed.map((f) => `  ${printableLines(f.message)}\n`).join('')}`,
        );
        return 1;
      }
    } finally {
      searcher.close();
      await pool.close();
    }
    return 0;
  },
};

/** Whether a pipeline as written (--pipeline) sets `fusion.depth` itself. */
function fusionDepthGiven(raw: Record<string, unknown>): boolean {
  const fusion = raw.fusion;
  return typeof fusion === 'object' && fusion !== null && 'depth' in fusion;
}
