import fs from 'node:fs';
import { createRequire } from 'node:module';

export interface Asset {
  type: string;
  body: string;
}

const read = (name: string) => fs.readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');

/**
 * The browser script as served: app.ts with its types stripped by esbuild, wrapped in a function
 * so that its names stay out of the page's global scope. Nothing is type-checked here (npm test
 * does that, against src/web/assets/tsconfig.json), so no type information is needed at run time.
 */
export function transpileScript(source: string): string {
  // esbuild is loaded by the first page's script, not when the server starts (0.1 s).
  const { transformSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  return transformSync(source, { loader: 'ts', format: 'iife', target: 'es2020', sourcefile: 'app.ts' }).code;
}

const SOURCES: Readonly<Record<string, () => Asset>> = {
  'app.css': () => ({ type: 'text/css; charset=utf-8', body: read('app.css') }),
  'app.js': () => ({ type: 'text/javascript; charset=utf-8', body: transpileScript(read('app.ts')) }),
};
const made = new Map<string, Asset>();

/**
 * The pages' stylesheet or script by file name (undefined for any other name), made on first
 * request and kept: the CSS as it is written, the TypeScript transpiled to plain JavaScript
 * (about 75 ms, which every CLI command would pay if it were done when this module loads).
 */
export function asset(name: string): Asset | undefined {
  if (!Object.hasOwn(SOURCES, name)) return undefined;
  let found = made.get(name);
  if (!found) made.set(name, (found = SOURCES[name]!()));
  return found;
}
