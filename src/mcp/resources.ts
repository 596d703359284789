import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { listSaved, readSaved } from '../web/experiments/report-source.js';
import { headlineTable } from './headline-table.js';
import { indexSummary } from './index-summary.js';
import type { McpDeps } from './mcp-deps.js';
import { servedIndexNames } from './served-index.js';

const json = (uri: URL, value: unknown) => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }],
});

/**
 * The resources: each served index (`testbed://indexes/NAME`: the list_indexes summary and how
 * it was built, its IndexMeta) and each experiment report saved under the results folder
 * (`testbed://experiments/NAME`: its headline table). Both listed as they stand when asked.
 */
export function registerResources(server: McpServer, deps: McpDeps): void {
  const { catalog } = deps;
  server.registerResource(
    'index',
    new ResourceTemplate('testbed://indexes/{name}', {
      list: () => ({
        resources: servedIndexNames(deps).map((name) => ({
          uri: `testbed://indexes/${encodeURIComponent(name)}`,
          name,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'Index', description: "A served index's summary and build metadata", mimeType: 'application/json' },
    (uri, { name }) => {
      const index = decodeURIComponent(String(name));
      const summary = servedIndexNames(deps).includes(index) ? indexSummary(catalog, index) : undefined;
      if (!summary) throw new McpError(ErrorCode.InvalidParams, `no index named "${index}"`);
      const status = catalog.indexes.status(index);
      return json(uri, { ...summary, ...(status?.status === 'ready' && { meta: status.meta }) });
    },
  );
  server.registerResource(
    'experiment-report',
    new ResourceTemplate('testbed://experiments/{name}', {
      list: () => ({
        resources: listSaved(deps.resultsRoot).map(({ name, report }) => ({
          uri: `testbed://experiments/${encodeURIComponent(name)}`,
          name,
          title: report.name,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: 'Experiment report',
      description: "A saved experiment report's headline table (report.json under the results folder)",
      mimeType: 'application/json',
    },
    (uri, { name }) => {
      const folder = decodeURIComponent(String(name));
      const saved = readSaved(deps.resultsRoot, folder);
      if (!saved) throw new McpError(ErrorCode.InvalidParams, `no experiment report named "${folder}"`);
      return json(uri, { ...headlineTable(saved.report), created_at: saved.report.createdAt });
    },
  );
}
