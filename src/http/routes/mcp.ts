import type { MiddlewareHandler } from 'hono';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpHttpSessions } from '../../mcp/http-sessions.js';
import type { McpDeps } from '../../mcp/mcp-deps.js';
import { scrubSecrets } from '../../remote/known-secrets.js';
import type { RemoteAllowList } from '../../remote/allowed-origins.js';
import { checkServedPipeline } from '../remote-check.js';
import { checkedPipeline } from '../../experiments/retriever-pipeline.js';
import { checkGridSize, DEFAULT_MAX_GRID_CELLS } from '../../experiments/grid-limit.js';
import { replacedReport } from '../../experiments/saved-report.js';
import { ConflictError } from '../../errors.js';
import { checkServedEmbedderSpec } from '../../embedders/served-embedder.js';
import { confineConfigPaths, type ExperimentRoots } from '../config-paths.js';
import { jsonError } from '../errors.js';
import { tokenMatches } from '../guards/token.js';
import { knownRoots, scrubMessage } from '../shown-paths.js';

/** What /mcp serves: the MCP layer's deps, less what this edge decides (below). */
export type McpRouteDeps = Omit<McpDeps, 'mayWrite' | 'checkPipeline' | 'confineExperiment' | 'scrubMessage'> & {
  token?: string;
  allowedRemoteOrigins: RemoteAllowList;
  /** Grids with more configurations are refused, as POST /experiments refuses them (--max-grid-cells). */
  maxGridCells?: number;
};

/** What a request carrying the server's token is granted: the writes (judge, evaluate). */
const TOKEN_HOLDER: AuthInfo = { token: 'testbed-token', clientId: 'testbed-token-holder', scopes: ['write'] };

/**
 * `/mcp`: the MCP server over Streamable HTTP (src/mcp/http-sessions.ts), behind the app's guards
 * (Host, Origin on POST and DELETE, JSON bodies, body size; with --protect-search the token on
 * every request). Here, the edge's part: a wrong token is a 403 as on any route, a right one
 * lets the call write (judge, evaluate), pipelines may call only --allow-remote origins,
 * an experiment reads and writes only inside the served folders, and messages name those folders
 * relatively with no secret in them. GET (the optional stream of server-initiated messages) is a
 * 405, which MCP allows: nothing here is sent unasked, and a GET would pass the Origin check.
 *
 * A handler mounted as middleware, not a route: MCP is JSON-RPC that describes itself
 * (tools/list, resources/list; docs/mcp.md), not an operation of the OpenAPI document.
 */
export function mcpEndpoint(deps: McpRouteDeps): MiddlewareHandler {
  const { token, allowedRemoteOrigins, maxGridCells = DEFAULT_MAX_GRID_CELLS, ...served } = deps;
  const roots: ExperimentRoots = {
    experimentsRoot: served.experimentsRoot,
    corporaRoot: served.corporaRoot,
    resultsRoot: served.resultsRoot,
  };
  const shown = knownRoots({
    data: served.catalog.dataDir,
    corpora: served.corporaRoot,
    results: served.resultsRoot,
    experiments: served.experimentsRoot,
  });
  const sessionDeps: ConstructorParameters<typeof McpHttpSessions>[0] = {
    ...served,
    mayWrite: (extra) => token === undefined || extra.authInfo !== undefined,
    checkPipeline: (pipeline) => checkServedPipeline(pipeline, allowedRemoteOrigins),
    // As POST /experiments checks a config it reads from the experiments folder.
    confineExperiment: (config) => {
      const confined = confineConfigPaths(config, roots);
      checkGridSize(confined, maxGridCells);
      // A report another config wrote is not replaced behind its back, as POST /experiments refuses it.
      const replaced = replacedReport(confined);
      if (replaced)
        throw new ConflictError(
          `${replaced}: this run would replace it; give this one another name (or output:), or move that folder away first`,
        );
      confined.grid.embedders.forEach((e, i) =>
        checkServedEmbedderSpec(e, { field: `grid.embedders.${i}` }, allowedRemoteOrigins),
      );
      confined.grid.retrievers.forEach((r, i) =>
        checkServedPipeline(checkedPipeline(r, confined.level), allowedRemoteOrigins, {
          where: `grid.retrievers.${i}`,
          environment: true,
        }),
      );
      return confined;
    },
    scrubMessage: (message) => scrubSecrets(scrubMessage(message, shown)),
  };
  // The MCP SDK (and its schema and JSON-RPC machinery) loads on the first request to /mcp, not
  // with the app: a server nobody calls over MCP keeps its start time and its heap (about 8 MB
  // more live heap with it loaded, which let V8 grow the heap of test/http/distinct-bm25-params
  // from about 50 MB to 330 MB before collecting).
  let sessions: Promise<McpHttpSessions> | undefined;
  const openSessions = () => {
    sessions ??= import('../../mcp/http-sessions.js').then(({ McpHttpSessions }) => new McpHttpSessions(sessionDeps));
    return sessions;
  };
  return async (c) => {
    if (c.req.method !== 'POST' && c.req.method !== 'DELETE') return c.body(null, 405, { Allow: 'POST, DELETE' });
    const header = c.req.header('authorization');
    const given = header && /^bearer /i.test(header) ? header.slice(7) : undefined;
    if (token !== undefined && given !== undefined && !tokenMatches(given, token))
      return jsonError(c, 403, 'forbidden', 'wrong token');
    const holder = token !== undefined && given !== undefined;
    return (await openSessions()).handle(c.req.raw, holder ? TOKEN_HOLDER : undefined);
  };
}
