import type { Child } from 'hono/jsx';

export type Section = 'playground' | 'experiments' | 'judge';

export interface LayoutProps {
  title: string;
  section: Section;
  /** When the server has a token, pages that change state ask for it once per tab. */
  tokenRequired: boolean;
  children?: Child;
}

/**
 * The shell of every page: one stylesheet and one small script, both served by this server,
 * so the pages work offline and under a strict CSP (no inline script or style).
 */
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · retrieval testbed`}</title>
        {/* no favicon: an empty one stops the browser asking for /favicon.ico */}
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/app.js" defer></script>
      </head>
      <body data-page={props.section}>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <span class="brand">retrieval testbed</span>
          <nav aria-label="Pages">
            <a href="/" aria-current={props.section === 'playground' ? 'page' : undefined}>
              Playground
            </a>
            <a href="/experiments" aria-current={props.section === 'experiments' ? 'page' : undefined}>
              Experiments
            </a>
            <a href="/judge" aria-current={props.section === 'judge' ? 'page' : undefined}>
              Judge
            </a>
            <a href="/docs">API</a>
          </nav>
          {props.tokenRequired ? (
            <label class="token">
              Token <input id="token" type="password" autocomplete="off" size={12} placeholder="for changes" />
            </label>
          ) : null}
        </header>
        <main id="main">{props.children}</main>
      </body>
    </html>
  );
}
