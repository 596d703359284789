#!/usr/bin/env node
// The CLI is written in TypeScript and run from source through tsx's loader, so there is
// no build step between editing src/ and running `testbed` (or `npm start`).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's own tsconfig, named explicitly: tsx would otherwise read the one in the current
// directory, and the web pages' JSX (hono/jsx) would break when `testbed serve` runs elsewhere.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
