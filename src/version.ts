import fs from 'node:fs';

/** The package version, recorded in every index and report. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
