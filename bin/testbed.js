#!/usr/bin/env node
// The CLI runs as plain JavaScript from dist/, compiled from src/ at install time (npm install,
// npm ci, npm pack: see bin/build-dist.js), so starting it loads no TypeScript tooling. A source
// file newer than the last build (someone edited src/) rebuilds dist/ first, in about a second,
// rather than run stale code.
import fs from 'node:fs';

const dist = new URL('../dist/cli/main.js', import.meta.url);
const src = new URL('../src/', import.meta.url);
if (fs.existsSync(src)) await (await import('./build-dist.js')).ensureDist();
const { main } = await import(dist.href);
process.exitCode = await main(process.argv.slice(2));
