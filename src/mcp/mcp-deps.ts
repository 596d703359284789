import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ExperimentConfig } from '../experiments/config.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { IndexCatalog } from '../serving/catalog/index-catalog.js';
import type { IndexSearch } from '../serving/searchers/index-search.js';
import type { ExploreOptions } from '../traffic/explore-swap.js';
import type { QueryLog } from '../traffic/query-log.js';

/**
 * What the MCP server serves, handed over by whoever starts it: `testbed mcp` (stdio, one local
 * client) or `testbed serve` (at /mcp, behind the HTTP guards). The checks that belong to the
 * HTTP edge (which remote origins a request may name, which paths an experiment sent over the
 * network may touch, how a message names the server's folders) come in as functions, so this
 * layer stays below http/ and the stdio server, like the CLI, trusts its local user.
 */
export interface McpDeps {
  catalog: IndexCatalog;
  /** Serve this index of the catalog's folder alone (`testbed mcp FILE.sqlite`); every index when absent. */
  only?: string;
  /** Where searches run: the server's worker threads, or catalog.local. */
  search: IndexSearch;
  /** Qrels files the judge and evaluate tools name resolve inside this folder. */
  corporaRoot: string;
  /** Experiment files evaluate names resolve here. */
  experimentsRoot: string;
  /** Experiment reports (resources, evaluate's output) and run files evaluate scores live here. */
  resultsRoot: string;
  /** The shared cache experiments run with. */
  cacheDir: string;
  /** Searches are logged here as HTTP ones are, with the MCP client's name as client_id. */
  queryLog?: QueryLog;
  /** `--explore swap`: a logged search swaps an adjacent pair at this rate, as over HTTP. */
  explore?: ExploreOptions;
  /** The judge tool is off unless this is set (`--allow-judging`). */
  allowJudging?: boolean;
  /**
   * Whether a call may write (judge, evaluate): over HTTP, whether it carried the server's token
   * when one is set. Absent: every call may (stdio: the local user who started the process).
   */
  mayWrite?: (extra: ToolExtra) => boolean;
  /** Refuses a pipeline the server may not run (over HTTP: endpoints outside --allow-remote). */
  checkPipeline?: (pipeline: Pipeline) => void;
  /** Confines an experiment's paths to the served folders (over HTTP: as POST /experiments does). */
  confineExperiment?: (config: ExperimentConfig) => ExperimentConfig;
  /** Rewrites an error message before it leaves (over HTTP: served folders named relatively). */
  scrubMessage?: (message: string) => string;
}

/** What the SDK hands a tool besides its arguments: the abort signal, the progress token, the HTTP request. */
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
