import { FUSION_DEFAULTS } from '../schemas/defaults.js';
import { normedMethodNames } from '../fusion/method-help.js';
import { expectedValue } from '../fusion/method-constant.js';
import { fusionConstants, fusionMethods, methodsReading } from '../fusion/method-registry.js';
import { normRows } from '../fusion/norm-registry.js';

/** The lines that open and close the generated table in docs/pipelines.md. */
const FUSION_FIELDS_START =
  '<!-- The fusion fields below are generated from the method, normalisation and constant rows by `npm run docs` (src/pipeline/fusion-fields-doc.ts); do not edit them here. -->';
const FUSION_FIELDS_END = '<!-- End of the generated fusion fields. -->';

const code = (name: string) => `\`${name}\``;
// A table cell holds no unescaped pipe.
const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * docs/pipelines.md's tables of the fusion block: its method, normalisation and constants, then
 * each normalisation's formula, from the rows registered now. A method, normalisation or
 * constant added as a row is documented by `npm run docs`, and
 * test/docs/pipelines-fusion-fields.test.ts fails while the page lags.
 */
export function fusionFieldsTable(): string {
  const methods = fusionMethods().map((m) => `${code(m.name)}${m.name === FUSION_DEFAULTS.method ? ' (default)' : ''}`);
  const constants = fusionConstants().map((c) => {
    const readers = methodsReading(c.name).map(code).join(', ');
    const use = c.alwaysSettled ? `read by ${readers}` : `read by ${readers} only, and refused for any other method`;
    return `| ${code(`fusion.${c.name}`)} | ${cell(`${c.help}: ${expectedValue(c)} (${c.default}); ${use}`)} |`;
  });
  const norms = normRows().map((n) => `| ${code(n.name)} | ${cell(n.formula)} |`);
  return [
    '| field | values (default) |',
    '|---|---|',
    `| ${code('fusion.method')} | ${cell(`${methods.join(', ')}: formulas under [Fusing runs](#fusing-runs-and-tuning-fusion) and in \`testbed fuse --help\``)} |`,
    `| ${code('fusion.norm')} | ${cell(`one of the normalisations below (${code(FUSION_DEFAULTS.norm)}); read by ${normedMethodNames().map(code).join(', ')}`)} |`,
    ...constants,
    '',
    '| normalisation | the normalised score of a score s |',
    '|---|---|',
    ...norms,
  ].join('\n');
}

/** The page with its generated table (between FUSION_FIELDS_START and FUSION_FIELDS_END) as the rows give it now. */
export function withFusionFields(page: string): string {
  const start = page.indexOf(FUSION_FIELDS_START);
  const end = page.indexOf(FUSION_FIELDS_END);
  if (start < 0 || end < start)
    throw new Error('docs/pipelines.md has lost the markers of its generated fusion fields');
  return `${page.slice(0, start)}${FUSION_FIELDS_START}\n${fusionFieldsTable()}\n${page.slice(end)}`;
}
