import { Layout } from '../layout.js';
import { Controls } from './controls.js';
import { Results } from './results.js';
import type { PlaygroundView } from './run-playground.js';
import { TrafficSection } from '../traffic/traffic-section.js';
import type { TrafficView } from '../traffic/traffic-view.js';

export interface PageOptions {
  tokenRequired: boolean;
  /** Search needs the token (--protect-search): a page load cannot carry it, so none is run. */
  searchProtected?: boolean;
}

/**
 * The playground: one query, BM25, dense and hybrid side by side or the two to four columns the
 * user picks (column-specs.ts), judged against a gold set when asked;
 * below it, what the server's query log says (the Traffic section), when the route read it.
 */
export function PlaygroundPage({
  view,
  options,
  traffic,
}: {
  view: PlaygroundView;
  options: PageOptions;
  traffic?: TrafficView;
}) {
  return (
    <Layout title="Playground" section="playground" tokenRequired={options.tokenRequired}>
      <h1 class="visually-hidden">Playground</h1>
      <Controls view={view} />
      <div id="status" role="status" aria-live="polite"></div>
      {options.searchProtected ? (
        <p class="error">
          This server runs with --protect-search: search needs the bearer token, so the playground cannot search. Use
          the HTTP API with the token.
        </p>
      ) : (
        <Results view={view} />
      )}
      {traffic ? <TrafficSection view={traffic} /> : null}
    </Layout>
  );
}
