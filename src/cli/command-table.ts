import type { Command } from './command.js';

/** A command as `testbed --help` lists it: its module is loaded only when the command runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/**
 * Every command, in --help order. Each module (and what it imports: SQLite, the embedders, the
 * HTTP server) is loaded on first use, so `testbed --help` and `testbed eval` do not pay for the
 * others.
 */
export const COMMAND_TABLE: readonly CommandEntry[] = [
  {
    name: 'index',
    summary: 'build an index file from a corpus',
    load: async () => (await import('./commands/index-command.js')).indexCommand,
  },
  {
    name: 'search',
    summary: 'search an index file (bm25, dense, hybrid or a pipeline of legs)',
    load: async () => (await import('./commands/search-command.js')).searchCommand,
  },
  {
    name: 'retrieve',
    summary: 'run a query set against an index and write a TREC run file',
    load: async () => (await import('./commands/retrieve-command.js')).retrieveCommand,
  },
  {
    name: 'eval',
    summary: 'score a TREC run against qrels (nDCG, recall, hit, MRR, MAP, ...) like trec_eval',
    load: async () => (await import('./commands/eval-command.js')).evalCommand,
  },
  {
    name: 'eval-clicks',
    summary:
      "estimate a run's click-through at k from a search log's clicks (inverse propensity scoring, with intervals and what the log never showed)",
    load: async () => (await import('./commands/eval-clicks-command.js')).evalClicksCommand,
  },
  {
    name: 'compare',
    summary: 'compare 2+ TREC runs on the same qrels: a runs x metrics table with significance letters (ranx style)',
    load: async () => (await import('./commands/compare-command.js')).compareCommand,
  },
  {
    name: 'diff',
    summary:
      'compare two experiment reports: mean deltas (B − A) per configuration, ties called ties, the queries that moved most',
    load: async () => (await import('./commands/diff-command.js')).diffCommand,
  },
  {
    name: 'pool',
    summary: 'pool runs for judging: the union of their top-D documents per query, holes counted per run',
    load: async () => (await import('./commands/pool-command.js')).poolCommand,
  },
  {
    name: 'fuse',
    summary: 'fuse TREC run files (rrf, isr, borda, condorcet, comb*, wsum, wmnz, dbsf...) into one run',
    load: async () => (await import('./commands/fuse-command.js')).fuseCommand,
  },
  {
    name: 'tune',
    summary: 'tune fusion by cross-validation over queries; write the held-out run and report it',
    load: async () => (await import('./commands/tune-command.js')).tuneCommand,
  },
  {
    name: 'experiment',
    summary: 'run an experiment config and write its report',
    load: async () => (await import('./commands/experiment-command.js')).experimentCommand,
  },
  {
    name: 'gold',
    summary:
      'grow a gold set: record judgements found after the fact, take them back, list them; import tickets; judge from clicks; generate questions with a chat model',
    load: async () => (await import('./commands/gold-command.js')).goldCommand,
  },
  {
    name: 'queries',
    summary: 'sample a query set from a search log (random, pps or top), tagged head, torso or tail',
    load: async () => (await import('./commands/queries-command.js')).queriesCommand,
  },
  {
    name: 'interleave',
    summary:
      'credit the clicks of interleaved searches (serve --interleave) to their arms: wins, ties, Δ with a bootstrap interval, sign test, winner',
    load: async () => (await import('./commands/interleave-command.js')).interleaveCommand,
  },
  {
    name: 'corpus',
    summary: 'list the public BEIR datasets and download one into the corpora folder',
    load: async () => (await import('./commands/corpus-command.js')).corpusCommand,
  },
  {
    name: 'push',
    summary:
      'send an index to OpenSearch, Elasticsearch, Qdrant or PostgreSQL (in batches) and print the legs that search it',
    load: async () => (await import('./commands/push-command.js')).pushCommand,
  },
  {
    name: 'serve',
    summary: 'serve the indexes of a folder over HTTP',
    load: async () => (await import('./commands/serve-command.js')).serveCommand,
  },
  {
    name: 'mcp',
    summary:
      'serve the indexes of a folder to an MCP client (an agent) over stdio: search, documents, explain, judge, evaluate',
    load: async () => (await import('./commands/mcp-command.js')).mcpCommand,
  },
];

/** Every command, loaded: for the generated CLI reference and the tests that walk them all. */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_TABLE.map((c) => c.load()));
}
