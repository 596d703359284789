/**
 * What the MCP layer costs a search (issue 42): the same BM25 search of SciFact's test queries
 * asked three ways of real processes (dist/, as users run them), requests interleaved query by
 * query in one run, the order of the three rotated each query, so a shared machine's background
 * load weighs on all alike:
 *
 *   - HTTP: GET /search/bm25 of `testbed serve` (what an agent's own wrapper would call);
 *   - MCP over HTTP: the `search` tool at /mcp of the same server, through the SDK's client;
 *   - MCP over stdio: the `search` tool of `testbed mcp`, started by the SDK's client.
 *
 * Each call's wall time, seen from this process: p50 and p99, and the median of each query's
 * ratio to its HTTP search. The server searches on its main thread (--workers 0), as `testbed
 * mcp` does, so the search is the same work everywhere and the difference is the protocol.
 * The index: SciFact, one chunk per document, lexical only (built once under bench/.out).
 *
 *   npx tsx bench/mcp-latency.ts [--rounds 3] [--k 10] [--max-chars 500]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { startServe } from './lib/serve-child.js';
import { printHeader } from './lib/command.js';
import { loadGold, OUT_DIR } from './lib/corpora.js';
import { ms, mdTable } from './lib/markdown.js';
import { latencySummary } from './lib/stats.js';
import { median } from './lib/stats-extra.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'testbed.js');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    k: { type: 'string', default: '10' },
    'max-chars': { type: 'string', default: '500' },
  },
});
const rounds = Number(values.rounds);
const k = Number(values.k);
const maxChars = Number(values['max-chars']);

printHeader('MCP search against HTTP search on SciFact (issue 42)', import.meta.url);

const gold = await loadGold('scifact');
const dataDir = path.join(OUT_DIR, 'mcp-latency');
await buildIndex({
  corpus: gold.dir,
  out: path.join(dataDir, 'scifact.sqlite'),
  chunker: 'doc',
  embedder: 'none',
  tokenizer: 'auto',
  skipEmpty: true,
});

// `testbed serve` searching on its main thread, as `testbed mcp` does: the protocol is the difference.
const server = await startServe(['--data', dataDir, '--workers', '0']);
const overHttp = new Client({ name: 'bench-mcp-http', version: '1.0.0' });
await overHttp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
const stdioTransport = new StdioClientTransport({
  command: process.execPath,
  args: [BIN, 'mcp', '--data', dataDir],
  env: process.env as Record<string, string>,
  stderr: 'ignore',
});
const overStdio = new Client({ name: 'bench-mcp-stdio', version: '1.0.0' });
await overStdio.connect(stdioTransport);

type Way = 'http' | 'mcp-http' | 'mcp-stdio';
const WAYS: Way[] = ['http', 'mcp-http', 'mcp-stdio'];

/** One search the given way; the hit ids, so the three can be checked to agree. */
async function search(way: Way, query: string): Promise<string[]> {
  if (way === 'http') {
    const res = await fetch(`${server.url}/search/bm25?index=scifact&k=${k}&q=${encodeURIComponent(query)}`);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { hits: { id: string }[] }).hits.map((h) => h.id);
  }
  const client = way === 'mcp-http' ? overHttp : overStdio;
  const result = (await client.callTool({
    name: 'search',
    arguments: { index: 'scifact', query, mode: 'bm25', k, max_chars: maxChars },
  })) as CallToolResult;
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return (result.structuredContent as { hits: { id: string }[] }).hits.map((h) => h.id);
}

const queries = gold.queries.map((q) => q.text);
// Warm-up: the index opened and its statistics read on each side, the JIT settled.
for (const query of queries.slice(0, 20)) for (const way of WAYS) await search(way, query);

const times: Record<Way, number[]> = { http: [], 'mcp-http': [], 'mcp-stdio': [] };
const ratios: Record<Exclude<Way, 'http'>, number[]> = { 'mcp-http': [], 'mcp-stdio': [] };
let calls = 0;
for (let round = 0; round < rounds; round++) {
  for (const [i, query] of queries.entries()) {
    const took = {} as Record<Way, number>;
    const answers = {} as Record<Way, string[]>;
    // Rotated: each way goes first, second and third equally often.
    const order = WAYS.map((_, j) => WAYS[(i + round + j) % WAYS.length]!);
    for (const way of order) {
      const t0 = performance.now();
      answers[way] = await search(way, query);
      took[way] = performance.now() - t0;
      times[way].push(took[way]);
      calls++;
    }
    for (const way of ['mcp-http', 'mcp-stdio'] as const) {
      if (answers[way].join() !== answers.http.join())
        throw new Error(`${way} answered otherwise than HTTP for "${query}"`);
      ratios[way].push(took[way] / took.http);
    }
  }
}

await overHttp.close();
await overStdio.close();
await server.stop();

console.log(
  `${queries.length} SciFact test queries x ${rounds} rounds, each asked three ways in turn (${calls} calls), BM25 top ${k}` +
    ` at document level; the MCP answers carry each hit's passage cut to ${maxChars} characters. Every answer's hit ids agreed with HTTP's.\n`,
);
const LABELS: Record<Way, string> = {
  http: 'HTTP GET /search/bm25',
  'mcp-http': 'MCP search at /mcp (Streamable HTTP)',
  'mcp-stdio': 'MCP search over stdio (testbed mcp)',
};
console.log(
  mdTable(
    ['way', 'p50 ms', 'p99 ms', 'median ratio to HTTP, per query'],
    WAYS.map((way) => {
      const { p50, p99 } = latencySummary(times[way]);
      return [LABELS[way], ms(p50), ms(p99), way === 'http' ? '1' : `${median(ratios[way]).toFixed(2)}×`];
    }),
    'lrrr',
  ),
);
