import { ForbiddenError } from '../errors.js';
import type { McpDeps, ToolExtra } from './mcp-deps.js';

/**
 * Refuses a write (a judgement, an experiment) from a call that may not make one: over HTTP, a
 * call without the server's token when it has one, as POST /gold and POST /experiments refuse it.
 */
export function checkMayWrite(deps: McpDeps, extra: ToolExtra, what: string): void {
  if (!deps.mayWrite || deps.mayWrite(extra)) return;
  throw new ForbiddenError(
    `${what} writes on the server, which needs its token: send Authorization: Bearer <token> with the MCP requests`,
  );
}
