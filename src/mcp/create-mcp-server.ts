import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../version.js';
import type { McpDeps } from './mcp-deps.js';
import type { McpTool, ToolContext } from './mcp-tool.js';
import { registerResources } from './resources.js';
import { registerTools } from './register-tools.js';
import { evaluateTool } from './tools/evaluate-tool.js';
import { explainTool } from './tools/explain-tool.js';
import { getDocumentTool } from './tools/get-document-tool.js';
import { judgeTool } from './tools/judge-tool.js';
import { listIndexesTool } from './tools/list-indexes-tool.js';
import { searchTool } from './tools/search-tool.js';

/**
 * One MCP server over the served indexes, for one client connection (an McpServer answers one
 * transport: stdio's single client, or one HTTP session). Its tools and resources read the same
 * catalog, searchers, query log and folders as the HTTP API. judge is listed only with
 * --allow-judging.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: 'retrieval-testbed', version: VERSION },
    {
      instructions:
        'Search the indexes of a retrieval testbed (list_indexes, then search), read documents, explain why a document ranks where it does, and measure retrieval (evaluate). Searches are logged with this client as client_id.',
    },
  );
  const context: ToolContext = { deps, clientName: () => server.server.getClientVersion()?.name };
  const tools: McpTool[] = [
    searchTool(context),
    listIndexesTool(context),
    getDocumentTool(context),
    explainTool(context),
    ...(deps.allowJudging ? [judgeTool(context)] : []),
    evaluateTool(context),
  ];
  registerTools(server, tools, deps.scrubMessage);
  registerResources(server, deps);
  return server;
}
