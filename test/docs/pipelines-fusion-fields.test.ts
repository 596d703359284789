import { afterEach, describe, expect, it } from 'vitest';
import { registerFusionMethod } from '../../src/fusion/method-registry.js';
import { registerNorm } from '../../src/fusion/norm-registry.js';
import { fusionFieldsTable, withFusionFields } from '../../src/pipeline/fusion-fields-doc.js';
import { rankSumMethod } from '../fixtures/registry/rank-sum-method.js';
import { readDoc } from './markdown.js';

let unregister: (() => void)[] = [];
afterEach(() => {
  for (const undo of unregister) undo();
  unregister = [];
});

describe("docs/pipelines.md's fusion fields", () => {
  it('are the table the method, normalisation and constant rows give (npm run docs rewrites it)', () => {
    const page = readDoc('docs/pipelines.md');
    expect(page, 'docs/pipelines.md is stale: run npm run docs').toBe(withFusionFields(page));
  });

  it('name every method, normalisation and constant, a registered one too, with its bounds and default', () => {
    const before = fusionFieldsTable();
    // rbc's φ, in (0, 1), 0.8 by default, read by rbc only.
    expect(before).toContain("| `fusion.phi` | rbc's persistence φ: a number in (0, 1) (0.8); read by `rbc` only");
    expect(before).toContain('`rrf` (default), `isr`');
    unregister.push(
      registerFusionMethod({
        ...rankSumMethod,
        constants: [{ name: 'lift', help: "rrsum's lift", default: 2, range: { min: 1, max: 9 } }],
      }),
      registerNorm({ name: 'halved', formula: 's / 2', normalise: (scores) => scores.map((s) => s / 2) }),
    );
    const after = fusionFieldsTable();
    expect(after).toContain(', `rrsum`: formulas under');
    expect(after).toContain('| `halved` | s / 2 |');
    expect(after).toContain("| `fusion.lift` | rrsum's lift: a number in [1, 9] (2); read by `rrsum` only");
    // The page, written before they were registered, is now stale.
    const page = readDoc('docs/pipelines.md');
    expect(withFusionFields(page)).not.toBe(page);
  });
});
