import type { IndexCatalog } from '../serving/catalog/index-catalog.js';
import type { IndexSearch } from '../serving/searchers/index-search.js';
import type { ServedTraffic } from '../serving/traffic-summary/served-traffic.js';
import type { JobsView } from './experiments/report-source.js';

/** What the pages read: the same objects the API routes serve, never copies of them. */
export interface WebDeps {
  catalog: IndexCatalog;
  /** The experiment jobs POST /experiments starts, so the pages show their progress and reports. */
  jobs: JobsView;
  /** Gold sets (qrels) are found and resolved inside this folder, as POST /gold resolves them. */
  corporaRoot: string;
  experimentsRoot: string;
  resultsRoot: string;
  /** The server's cache dir: its experiments' indexes, which a report's miss links may open (measured-index.ts). */
  cacheDir: string;
  /** The server has a token: pages ask for it before calling POST /gold or POST /experiments. */
  tokenRequired?: boolean;
  /** Search needs the token (--protect-search): the playground then runs no search. */
  searchProtected?: boolean;
  /** The traffic section shows query texts unmasked (`--show-raw-queries`). */
  showRawQueries?: boolean;
  /** Where the playground's searches run: the server's search workers, or its own thread without them. */
  search: IndexSearch;
  /** The server's query log (--log-queries): the home page summarises it below the playground. */
  traffic?: ServedTraffic;
}
