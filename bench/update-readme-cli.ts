/**
 * Rewrites the CLI reference at the end of README.md from the commands' help texts, so the two
 * cannot drift apart (a test fails when they do):  npm run docs
 */
import fs from 'node:fs';
import { cliReference } from '../src/cli/cli-reference.js';

const file = new URL('../README.md', import.meta.url);
const readme = fs.readFileSync(file, 'utf8');
const at = readme.indexOf('## CLI reference');
if (at < 0) throw new Error('README.md has no "## CLI reference" section');
fs.writeFileSync(file, readme.slice(0, at) + (await cliReference()));
