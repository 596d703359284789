import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './create-mcp-server.js';
import type { McpDeps } from './mcp-deps.js';

/**
 * Serves one MCP client on this process's stdin and stdout (the client started the process), until
 * the client closes stdin (how MCP clients end a stdio server) or the process is told to stop.
 * Resolves with what ended it. stdout is the transport's: nothing else may be written there.
 */
export async function serveStdio(deps: McpDeps): Promise<'closed' | NodeJS.Signals> {
  const server = createMcpServer(deps);
  let stop: (why: 'closed' | NodeJS.Signals) => void = () => {};
  const ended = new Promise<'closed' | NodeJS.Signals>((resolve) => (stop = resolve));
  const onEnd = () => stop('closed');
  const onSignal = (signal: NodeJS.Signals) => stop(signal);
  process.stdin.once('end', onEnd);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  server.server.onclose = onEnd;
  await server.connect(new StdioServerTransport());
  const why = await ended;
  // Gone again, so a second signal ends the process as it would without this server.
  process.stdin.off('end', onEnd);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await server.close();
  return why;
}
