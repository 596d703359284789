import path from 'node:path';
import { readQuerySet } from '../../gold/read-query-set.js';
import { writeRun } from '../../runs/trec-run-writer.js';
import type { FailedQuery } from '../../search/failed-query.js';
import { InputError } from '../../errors.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { indexFileArgument } from '../index-file.js';
import { SEARCH_FLAGS, searchFlagsHelp, searchRequest } from '../search-options.js';

/** Computed when read: the help lists the leg types registered at that moment. */
const usage = () => `Usage: testbed retrieve INDEX --queries queries.jsonl --run out.trec [options]

Runs every query of a BEIR queries.jsonl against an index and writes a TREC run file
(qid Q0 docid rank score tag), ready for trec_eval or \`testbed eval\`. Ties are written in
trec_eval's order (score descending, then docid descending), so a run cut at k holds the
documents trec_eval keeps from a deeper run. A query with no hit has no line: the summary
counts them (\`testbed eval\` scores an answerable one 0, as trec_eval -c). A query a remote
leg fails for (an error, a timeout, an answer that cannot be read) is not written: the run holds
the answered queries, the failures are listed here and the exit code is 1.

Options:
  --queries FILE      BEIR queries.jsonl (required)
  --run FILE          run file to write (required)
  --tag TAG           run tag, last column (default testbed-MODE, or testbed-pipeline)
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
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    const file = indexFileArgument(positional(positionals, 0, 'INDEX', usage()));
    if (!values.queries) throw new InputError(`missing --queries FILE\n\n${usage()}`);
    if (!values.run) throw new InputError(`missing --run FILE\n\n${usage()}`);
    const base = searchRequest(values, '', { k: 100, level: 'doc' });
    const tag = values.tag ?? `testbed-${base.mode ?? 'pipeline'}`;
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
      const results = await runQuerySet(searcher, base.pipeline, queries, undefined, (f) => failed.push(f));
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
      if (failed.length > 0) {
        io.err(
          `${failed.length} of ${queries.length} queries failed and are not in the run:\n${failed.map((f) => `  ${f.message}\n`).join('')}`,
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
