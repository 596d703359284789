import path from 'node:path';
import type { SearchResponse } from '../../search/types.js';
import { bm25Sql, toMatchExpression } from '../../store/bm25-sql.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { indexFileArgument } from '../index-file.js';
import { SEARCH_FLAGS, searchFlagsHelp, searchRequest } from '../search-options.js';

const usage = `Usage: testbed search INDEX QUERY [options]

Searches an index file and prints the ranked hits.

Options:
${searchFlagsHelp({ k: 10, level: 'chunk' })}
  --json              print the same JSON the HTTP API returns
  --sql               print the FTS5 MATCH expression and SQL used for BM25, then search
  -h, --help          show this help`;

export const searchCommand: Command = {
  name: 'search',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      ...SEARCH_FLAGS,
      json: { type: 'boolean' },
      sql: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    const file = indexFileArgument(positional(positionals, 0, 'INDEX', usage));
    const query = positional(positionals, 1, 'QUERY', usage);
    const req = searchRequest(values, query, { k: 10, level: 'chunk' });
    if (values.sql) {
      // bm25TopK (store/bm25-top-k.ts) runs this statement: once over the rarest phrases alone for
      // a lower bound, then over chunks containing the phrases that can still reach the top k.
      io.err(`-- MATCH ${JSON.stringify(toMatchExpression(query))}\n${bm25Sql({ candidates: true })}\n`);
    }
    // Loaded here, not at the top: `testbed search --help` should not wait for SQLite, the
    // analysers and the retrievers (0.7 s).
    const [{ EmbedderPool }, { Searcher }] = await Promise.all([
      import('../../embedders/embedder-pool.js'),
      import('../../search/searcher.js'),
    ]);
    const pool = new EmbedderPool();
    const searcher = new Searcher(path.basename(file).replace(/\.sqlite$/, ''), file, (id) => pool.get(id));
    try {
      const res = await searcher.search(req);
      io.out(values.json ? JSON.stringify(res, null, 2) + '\n' : formatHits(res));
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
