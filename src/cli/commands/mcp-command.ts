import path from 'node:path';
import { cacheHome } from '../../cache-home.js';
import { InputError } from '../../errors.js';
import { INDEX_EXTENSION } from '../../schemas/index-names.js';
import { parse } from '../args.js';
import type { Command } from '../command.js';

const usage = `Usage: testbed mcp [INDEX.sqlite] [options]

Serves the indexes of --data DIR (or the one index file INDEX.sqlite) to an MCP client (an agent,
a coding assistant, a chat client) over stdio: the client starts this command and speaks MCP on
its stdin and stdout. Tools: search, list_indexes, get_document, explain, evaluate, and judge
with --allow-judging; resources: each index, and each experiment report of --results.
docs/mcp.md has ready configurations for Claude Desktop, Cursor and VS Code. testbed serve
answers the same at /mcp.

Options:
  --data DIR          folder of index files (default data)
  --corpora DIR       the gold sets (qrels) judge and evaluate name resolve in here (default corpora)
  --experiments DIR   the experiment files evaluate runs (default experiments)
  --results DIR       reports are written and read, and run files read, here (default results)
  --log-queries DIR   log every search as testbed serve --log-queries does (a UBI query record a
                      search), its client_id the MCP client's name: agent traffic to sample and slice
  --allow-judging     offer the judge tool: the agent may add judgements to gold sets, each tagged
                      as an agent's (or a person's it relays) with the client's name as provenance
  --cache-dir DIR     the cache shared by every command: embeddings, experiment indexes (default:
                      TESTBED_HOME, else ~/.cache/retrieval-testbed)
  -h, --help          show this help

Messages go to stderr: stdout carries the protocol alone.`;

export const mcpCommand: Command = {
  name: 'mcp',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      data: { type: 'string' },
      corpora: { type: 'string' },
      experiments: { type: 'string' },
      results: { type: 'string' },
      'log-queries': { type: 'string' },
      'allow-judging': { type: 'boolean' },
      'cache-dir': { type: 'string' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (positionals.length > 1) throw new InputError(`one index file at most, got ${positionals.length}`);
    const file = positionals[0];
    if (file !== undefined && values.data !== undefined)
      throw new InputError('give --data DIR or an index file, not both');
    if (file !== undefined && !file.endsWith(INDEX_EXTENSION))
      throw new InputError(`an index file ends in ${INDEX_EXTENSION}: got ${file}`);
    if (values['cache-dir']) process.env.TESTBED_HOME = cacheHome(values['cache-dir']);
    const dataDir = file !== undefined ? path.dirname(file) : (values.data ?? 'data');
    // Loaded here: --help answers without SQLite, the SDK and the searchers.
    const [{ IndexCatalog }, { QueryLog }, { serveStdio }] = await Promise.all([
      import('../../serving/catalog/index-catalog.js'),
      import('../../traffic/query-log.js'),
      import('../../mcp/serve-stdio.js'),
    ]);
    const catalog = new IndexCatalog(dataDir);
    const only = file !== undefined ? path.basename(file, INDEX_EXTENSION) : undefined;
    if (only !== undefined && catalog.indexes.status(only) === undefined) throw new InputError(`no index file ${file}`);
    const logDir = values['log-queries'];
    const queryLog = logDir === undefined ? undefined : await QueryLog.open(logDir);
    const served = only ?? `${catalog.indexes.names().length} index(es) from ${dataDir}`;
    io.err(`testbed mcp: serving ${served} over stdio${logDir ? `, logging searches to ${logDir}` : ''}\n`);
    try {
      const ended = await serveStdio({
        catalog,
        search: catalog.local,
        ...(only !== undefined && { only }),
        corporaRoot: values.corpora ?? 'corpora',
        experimentsRoot: values.experiments ?? 'experiments',
        resultsRoot: values.results ?? 'results',
        cacheDir: cacheHome(),
        ...(queryLog && { queryLog }),
        ...(values['allow-judging'] && { allowJudging: true }),
      });
      if (ended !== 'closed') io.err(`${ended}: stopping\n`);
    } finally {
      await catalog.close();
      await queryLog?.close();
    }
    return 0;
  },
};
