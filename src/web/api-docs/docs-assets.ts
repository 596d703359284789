import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface DocsAsset {
  type: string;
  body: string;
}

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** swagger-ui-dist's folder, found the way Node resolves the package (no network, no CDN). */
const distDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * A file from swagger-ui-dist without its closing `sourceMappingURL` comment: the .map files
 * are not served, and a browser's devtools would otherwise ask for them and log a 404.
 */
const vendor = (name: string) => () =>
  fs.readFileSync(path.join(distDir(), name), 'utf8').replace(/\n?\/[/*]# sourceMappingURL=[^\n]*\s*$/, '\n');

/**
 * Starts Swagger UI on the page's #swagger-ui element. A file of its own rather than an inline
 * script, so the page keeps the strict CSP of the other pages (script-src 'self'). The page
 * loads it deferred after the bundle, so SwaggerUIBundle is defined and the DOM is parsed.
 * validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
 */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** The page's own header (the pages' nav), kept small: app.css would restyle Swagger UI's buttons. */
const HEADER_CSS = `body { margin: 0; font-family: system-ui, sans-serif; }
.top { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; padding: 0.5rem 1rem; border-bottom: 1px solid #d0d7de; background: #f6f8fa; }
.brand { font-weight: 700; }
.top nav { display: flex; flex-wrap: wrap; gap: 1rem; }
.top a { color: #0969da; }
.top nav a[aria-current="page"] { font-weight: 700; color: #1b1f24; text-decoration: none; border-bottom: 2px solid #0969da; }
`;

const SOURCES: Readonly<Record<string, () => DocsAsset>> = {
  'swagger-ui.css': () => ({ type: CSS, body: vendor('swagger-ui.css')() }),
  'swagger-ui-bundle.js': () => ({ type: JS, body: vendor('swagger-ui-bundle.js')() }),
  'docs.css': () => ({ type: CSS, body: HEADER_CSS }),
  'docs.js': () => ({ type: JS, body: INIT }),
};

/** The names GET /docs/assets/{name} answers (the OpenAPI document lists them). */
export const DOCS_ASSET_NAMES = Object.keys(SOURCES);

const made = new Map<string, DocsAsset>();

/**
 * One file of the API reference page by name (undefined for any other name), read on first
 * request and kept: the bundle is 1.7 MB, which no CLI command should pay for at start-up.
 */
export function docsAsset(name: string): DocsAsset | undefined {
  if (!Object.hasOwn(SOURCES, name)) return undefined;
  let found = made.get(name);
  if (!found) made.set(name, (found = SOURCES[name]!()));
  return found;
}
