import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Pages load nothing but this server's own stylesheet and script: no inline script or style
 * anywhere, so a passage or query that slipped past escaping still could not run.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** A rendered or renderable page: a JSX element, or the node `jsx(Component, props)` returns. */
export type Renderable = { toString(): string | Promise<string> };

/** A full HTML document from a page component. */
export async function htmlPage(
  c: Context,
  page: Renderable | Promise<Renderable>,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  // A JSX node renders on toString(), to a promise when a component is async.
  const html = await (await page).toString();
  return c.html('<!DOCTYPE html>' + html, status);
}

/**
 * Does the client want a page rather than JSON? Browsers navigating ask for text/html first;
 * fetch(), curl and the tests ask for any type or JSON, and keep getting the API's JSON.
 */
export function wantsHtml(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return /\btext\/html\b/i.test(accept);
}
