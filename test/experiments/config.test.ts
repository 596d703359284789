import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { retrieverPipeline } from '../../src/experiments/retriever-pipeline.js';
import { InputError } from '../../src/errors.js';

const minimal = `name: tiny
corpus: corpora/demo
grid:
  retrievers:
    - { name: bm25, mode: bm25 }
`;

function errorOf(yaml: string): InputError {
  try {
    parseExperimentConfig(yaml, 'exp.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an error');
}

describe('experiment config', () => {
  it('fills every default in one place', () => {
    const c = parseExperimentConfig(minimal);
    expect(c).toMatchObject({
      level: 'doc',
      ks: [1, 3, 5, 10, 20, 100],
      context_k: 5,
      rerank_depth: 50,
      slices: [],
      relevance_threshold: 1,
      seed: 42,
      checks: [],
    });
    expect(c.grid).toEqual({
      chunkers: ['auto'],
      embedders: ['auto'],
      tokenizers: ['auto'],
      retrievers: [{ name: 'bm25', mode: 'bm25' }],
    });
    // The retriever's own defaults are the pipeline's, filled in where it is settled.
    expect(retrieverPipeline(c.grid.retrievers[0]!, c.level, 100).legs).toEqual([
      { type: 'lexical', name: 'bm25', engine: 'postings' },
    ]);
  });

  it('names file, line and key for a wrong value', () => {
    const e = errorOf(minimal.replace('mode: bm25', 'mode: sparse'));
    expect(e.message).toMatch(
      /^exp\.yaml:5 \(field "grid\.retrievers\.0\.mode"\): mode must be one of "bm25", "dense", "hybrid", got "sparse"/,
    );
  });

  // A misspelt required key is both unknown and leaves the real one missing: the typo is what
  // to report, at its own line, with the key it stands for (one edit away: "gird" -> "grid").
  it('reports a misspelt required key at its line, with the key it was meant to be', () => {
    const e = errorOf(minimal.replace('grid:', 'gird:'));
    expect(e.message).toBe('exp.yaml:3 (field "gird"): unknown key "gird"; did you mean "grid"?');
  });

  it('suggests nothing for an unknown key that is no typo of a known one', () => {
    const e = errorOf(minimal.replace('grid:', 'zzzz:'));
    expect(e.message).toBe('exp.yaml:3 (field "zzzz"): unknown key "zzzz"');
  });

  it('names an unknown key and its line', () => {
    const e = errorOf(minimal + 'colour: red\n');
    expect(e.message).toBe('exp.yaml:6 (field "colour"): unknown key "colour"');
    const nested = errorOf(minimal.replace('{ name: bm25, mode: bm25 }', '{ name: bm25, mode: bm25, kl: 1 }'));
    expect(nested.message).toBe('exp.yaml:5 (field "grid.retrievers.0.kl"): unknown parameter "kl"');
  });

  it('names a wrong type inside a list', () => {
    expect(errorOf(minimal + 'ks: [1, "ten"]\n').message).toMatch(
      /^exp\.yaml:6 \(field "ks\.1"\): Expected number, received string/,
    );
  });

  it('names the line of a malformed embedder spec before anything runs', () => {
    const yaml = minimal.replace('grid:\n', "grid:\n  embedders: ['hash:8', 'openai:text-embedding-3-small']\n");
    expect(errorOf(yaml).message).toMatch(
      /^exp\.yaml:4 \(field "grid\.embedders\.1"\): openai embedder needs a model and a base URL/,
    );
    expect(
      parseExperimentConfig(
        yaml.replace("'openai:text-embedding-3-small'", "'openai:text-embedding-3-small@https://api.openai.com/v1'"),
      ).grid.embedders,
    ).toHaveLength(2);
  });

  it('significance: randomization with Holm at 0.05 by default; Tukey takes no correction', () => {
    expect(parseExperimentConfig(minimal).significance).toEqual({
      test: 'randomization',
      correction: 'holm',
      alpha: 0.05,
    });
    const tukey = parseExperimentConfig(minimal + 'significance: { test: tukey }\n').significance;
    expect(tukey).toEqual({ test: 'tukey', correction: 'none', alpha: 0.05 });
    const chosen = parseExperimentConfig(minimal + 'significance: { test: t, correction: bonferroni, alpha: 0.01 }\n');
    expect(chosen.significance).toEqual({ test: 't', correction: 'bonferroni', alpha: 0.01 });
  });

  it('significance: a bad test, correction or alpha is an error naming the file, line and field', () => {
    expect(errorOf(minimal + 'significance: { test: wilcoxon }\n').message).toBe(
      "exp.yaml:6 (field \"significance.test\"): Invalid enum value. Expected 'randomization' | 't' | 'tukey', received 'wilcoxon'",
    );
    expect(errorOf(minimal + 'significance:\n  correction: sidak\n').message).toBe(
      "exp.yaml:7 (field \"significance.correction\"): Invalid enum value. Expected 'holm' | 'bonferroni' | 'none', received 'sidak'",
    );
    expect(errorOf(minimal + 'significance: { alpha: 1.5 }\n').message).toBe(
      'exp.yaml:6 (field "significance.alpha"): alpha must lie between 0 and 1 (exclusive), got 1.5',
    );
    expect(errorOf(minimal + 'significance: { alpha: 0 }\n').message).toContain('field "significance.alpha"');
    expect(errorOf(minimal + 'significance:\n  test: tukey\n  correction: holm\n').message).toBe(
      'exp.yaml:8 (field "significance.correction"): ' +
        "Tukey's HSD already holds the error rate over all pairs: no holm correction on top (leave correction out)",
    );
    expect(errorOf(minimal + 'significance: { level: 0.01 }\n').message).toBe(
      'exp.yaml:6 (field "significance.level"): unknown key "level"',
    );
  });

  it('reports invalid YAML with its line', () => {
    expect(errorOf('name: x\ncorpus: [unclosed\n').message).toMatch(/^exp\.yaml:\d+: invalid YAML/);
  });

  it('requires a mapping, a name and retrievers', () => {
    expect(errorOf('- a\n- b\n').message).toContain('must be a YAML mapping');
    expect(errorOf('corpus: c\ngrid: { retrievers: [{ name: a, mode: bm25 }] }\n').message).toContain('field "name"');
    expect(errorOf('name: x\ncorpus: c\ngrid: { retrievers: [] }\n').message).toContain('field "grid.retrievers"');
  });
});
