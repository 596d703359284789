import fs from 'node:fs';

export interface Asset {
  type: string;
  body: string;
}

const read = (name: string) => fs.readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');

/**
 * The pages' stylesheet and script, read once at start-up from src/web/assets. They are plain
 * CSS and JavaScript written for the browser as they are: nothing is compiled at request time.
 */
export const ASSETS: Readonly<Record<string, Asset>> = {
  'app.css': { type: 'text/css; charset=utf-8', body: read('app.css') },
  'app.js': { type: 'text/javascript; charset=utf-8', body: read('app.js') },
};
