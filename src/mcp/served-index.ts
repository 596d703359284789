import { NotFoundError } from '../errors.js';
import type { McpDeps } from './mcp-deps.js';

/** The names of the indexes served: the data folder's, or the one index of `testbed mcp FILE.sqlite`. */
export function servedIndexNames(deps: McpDeps): string[] {
  return deps.only !== undefined ? [deps.only] : deps.catalog.names();
}

/** Refuses an index this server does not serve (another file beside `testbed mcp FILE.sqlite`'s) as a missing one. */
export function checkServedIndex(deps: McpDeps, index: string): void {
  if (deps.only !== undefined && index !== deps.only)
    throw new NotFoundError(`no index named "${index}": this server serves "${deps.only}" alone`);
}
