import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromClicksUsage } from '../../src/cli/commands/gold-from-clicks.js';
import { apiDocument } from '../http/helpers/api-document.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../../src/traffic/min-impressions.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The number `pattern`'s first group captures in `source`; fails naming `where` when it says none. */
function numberIn(source: string, pattern: RegExp, where: string): number {
  const match = pattern.exec(source);
  expect(match, `${where} states no --min-impressions default (${pattern})`).not.toBeNull();
  return Number(match![1]);
}

/**
 * Every place that states how many impressions a pair needs before clicks grade it says the same
 * number (issue 39, item 5): the help, the HTTP job's documented default, the docs, the README and
 * the demo's click-judged set (its script leaves the flag at the default, and no pair it kept was
 * shown fewer times).
 */
describe('--min-impressions has one default everywhere', () => {
  it('the help, the OpenAPI default, docs/cli.md, docs/gold.md, the README and the demo experiment all say the same number', async () => {
    const doc = (await apiDocument()) as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const stated: Record<string, number> = {
      'gold from-clicks --help': numberIn(fromClicksUsage, /--min-impressions N[^\n]*\(default (\d+)\)/, '--help'),
      // An input's default is shown in its description (openapi inputSide).
      'POST /traffic/judgements min_impressions (OpenAPI)': numberIn(
        String(doc.components.schemas.JudgementRequest!.properties.min_impressions!.description),
        /default: (\d+)/,
        'the OpenAPI JudgementRequest',
      ),
      'docs/cli.md': numberIn(text('docs/cli.md'), /--min-impressions N[^\n]*\(default (\d+)\)/, 'docs/cli.md'),
      'docs/gold.md': numberIn(text('docs/gold.md'), /`--min-impressions` times \(default (\d+)\)/, 'docs/gold.md'),
      'README.md': numberIn(text('README.md'), /at least (\d+) times \(`--min-impressions`\)/, 'README.md'),
      'experiments/log-sample.yaml': numberIn(
        text('experiments/log-sample.yaml'),
        /at least (\d+) impressions a pair/,
        'experiments/log-sample.yaml',
      ),
    };
    for (const [where, n] of Object.entries(stated)) expect(n, where).toBe(DEFAULT_MIN_IMPRESSIONS);
  });

  it("the demo's click-judged set is made at the default, and every pair it kept was shown at least that often", () => {
    const script = JSON.parse(text('package.json')).scripts['demo:log-sample'] as string;
    expect(script).toContain('gold from-clicks');
    expect(script).not.toContain('--min-impressions');
    const pairs = text('corpora/demo/log-sample/qrels/test.tsv.sources.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { impressions: number });
    expect(pairs.length).toBeGreaterThan(0);
    expect(Math.min(...pairs.map((p) => p.impressions))).toBeGreaterThanOrEqual(DEFAULT_MIN_IMPRESSIONS);
  });
});
