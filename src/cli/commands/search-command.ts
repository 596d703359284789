import { printableLines } from '../printable.js';
import { DEFAULT_K, DEFAULT_LEVEL } from '../../schemas/defaults.js';
import path from 'node:path';
import type { SearchResponse } from '../../search/types.js';
import { parse, positional } from '../args.js';
import { formatExplainedLegs } from '../explain-legs.js';
import type { Command } from '../command.js';
import { indexFileArgument } from '../index-file.js';
import { readingIndex } from '../readable-index.js';
import { SEARCH_FLAGS, searchFlagsHelp, searchRequest } from '../search-options.js';

/** A one-off search answers as the API does: the pipeline's own k and level defaults. */
const SEARCH_DEFAULTS = { k: DEFAULT_K, level: DEFAULT_LEVEL };

/** Computed when read: the help lists the leg types registered at that moment. */
const usage = () => `Usage: testbed search INDEX QUERY [options]

Searches an index file and prints the ranked hits.

Options:
${searchFlagsHelp(SEARCH_DEFAULTS)}
  --json              print the same JSON the HTTP API returns
  --explain           print each lexical leg's analysed terms and, for an expansion leg (rm3, rocchio,
                      bo1), its feedback chunks and the weighted query it scores, then search
  --sql               as --explain, plus how each runs (an fts5 leg's MATCH and SQL, the tables postings reads)
  -h, --help          show this help`;

export const searchCommand: Command = {
  name: 'search',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      ...SEARCH_FLAGS,
      json: { type: 'boolean' },
      sql: { type: 'boolean' },
      explain: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    const file = indexFileArgument(positional(positionals, 0, 'INDEX', usage()));
    const query = positional(positionals, 1, 'QUERY', usage());
    const req = searchRequest(values, query, SEARCH_DEFAULTS);
    // Loaded here, not at the top: `testbed search --help` should not wait for SQLite, the
    // analysers and the retrievers (0.7 s).
    const [{ EmbedderPool }, { Searcher }] = await Promise.all([
      import('../../embedders/embedder-pool.js'),
      import('../../search/searcher.js'),
    ]);
    const pool = new EmbedderPool();
    const searcher = new Searcher(path.basename(file).replace(/\.sqlite$/, ''), file, (id) => pool.get(id));
    try {
      const res = await readingIndex(file, async () => {
        if (values.sql || values.explain)
          io.err(formatExplainedLegs(await searcher.explainLegs(req.pipeline, query), { sql: values.sql === true }));
        return searcher.search(req);
      });
      io.out(values.json ? JSON.stringify(res, null, 2) + '\n' : printableLines(formatHits(res)));
    } finally {
      searcher.close();
      await pool.close();
    }
    return 0;
  },
};

function formatHits(res: SearchResponse): string {
  const lines = [`${res.mode} "${res.q}" (${res.level} level, ${res.took_ms.total!.toFixed(1)} ms)`];
  if (res.hits.length === 0) lines.push('  no hits');
  for (const h of res.hits) {
    const src = h.sources
      ? `  [${res.pipeline.legs.map((leg) => `${leg.name} ${h.sources![leg.name]?.rank ?? '-'}`).join(', ')}]`
      : '';
    lines.push(`${String(h.rank).padStart(3)}. ${h.score.toFixed(4)}  ${h.id}  ${h.title}${src}`);
    lines.push(`       ${snippet(h.text)}`);
  }
  return lines.join('\n') + '\n';
}

function snippet(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}
