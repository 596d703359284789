/**
 * Rewrites the CLI reference in docs/cli.md (everything from its "## CLI reference" heading on)
 * from the commands' help texts, so the two cannot drift apart (test/docs/cli-reference.test.ts
 * fails when they do):  npm run docs
 */
import fs from 'node:fs';
import { cliReference } from '../src/cli/cli-reference.js';

const file = new URL('../docs/cli.md', import.meta.url);
const page = fs.readFileSync(file, 'utf8');
const at = page.indexOf('## CLI reference');
if (at < 0) throw new Error('docs/cli.md has no "## CLI reference" section');
fs.writeFileSync(file, page.slice(0, at) + (await cliReference()));
