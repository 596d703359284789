/**
 * Rewrites the generated parts of the docs, so they cannot drift from the code: the CLI
 * reference in docs/cli.md (everything from its "## CLI reference" heading on) from the
 * commands' help texts (test/docs/cli-reference.test.ts fails when they differ), and the fusion
 * fields of docs/pipelines.md from the method, normalisation and constant rows
 * (test/docs/pipelines-fusion-fields.test.ts):  npm run docs
 */
import fs from 'node:fs';
import { cliReference } from '../src/cli/cli-reference.js';
import { withFusionFields } from '../src/pipeline/fusion-fields-doc.js';

const cli = new URL('../docs/cli.md', import.meta.url);
const page = fs.readFileSync(cli, 'utf8');
const at = page.indexOf('## CLI reference');
if (at < 0) throw new Error('docs/cli.md has no "## CLI reference" section');
fs.writeFileSync(cli, page.slice(0, at) + (await cliReference()));

const pipelines = new URL('../docs/pipelines.md', import.meta.url);
fs.writeFileSync(pipelines, withFusionFields(fs.readFileSync(pipelines, 'utf8')));
