#!/usr/bin/env node
// The CLI is written in TypeScript and run from source through tsx's loader, so there is
// no build step between editing src/ and running `testbed` (or `npm start`).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
