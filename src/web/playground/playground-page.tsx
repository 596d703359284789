import { Layout } from '../layout.js';
import { Controls } from './controls.js';
import { Results } from './results.js';
import type { PlaygroundView } from './run-playground.js';

export interface PageOptions {
  tokenRequired: boolean;
  /** Search needs the token (--protect-search): a page load cannot carry it, so none is run. */
  searchProtected?: boolean;
}

/** The playground: one query, three retrievers side by side, judged against a gold set when asked. */
export function PlaygroundPage({ view, options }: { view: PlaygroundView; options: PageOptions }) {
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
    </Layout>
  );
}
