import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { confineConfigPaths } from '../../src/http/config-paths.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const config = (corpus: string) =>
  parseExperimentConfig(`name: t\ncorpus: ${corpus}\ngrid:\n  retrievers: [{ name: bm25, mode: bm25 }]\n`, 't.yaml');

describe('experiment config paths over HTTP', () => {
  // What the /experiments page's Start buttons send: every shipped config, as the server started
  // by npm start (working folder = the project, corpora root = corpora) sees it.
  it.each(fs.readdirSync(path.join(REPO, 'experiments')).filter((f) => f.endsWith('.yaml')))(
    'the shipped %s resolves its corpus inside the corpora root',
    (file) => {
      const roots = {
        experimentsRoot: path.join(REPO, 'experiments'),
        corporaRoot: 'corpora',
        resultsRoot: path.join(tmpDir('cfg-'), 'results'),
      };
      const parsed = parseExperimentConfig(fs.readFileSync(path.join(REPO, 'experiments', file), 'utf8'), file);
      const confined = confineConfigPaths(parsed, roots, REPO);
      expect(confined.corpus.startsWith(fs.realpathSync(path.join(REPO, 'corpora')) + path.sep)).toBe(true);
      expect(confined.output).toBe(path.join(roots.resultsRoot, parsed.name));
    },
  );

  it('reads a corpus path from the working folder, or else from the corpora root; never outside it', () => {
    const work = tmpDir('cfg-work-');
    fs.cpSync(TINY_BEIR, path.join(work, 'corpora', 'tiny'), { recursive: true });
    fs.cpSync(TINY_BEIR, path.join(work, 'elsewhere'), { recursive: true });
    const roots = {
      experimentsRoot: path.join(work, 'experiments'),
      corporaRoot: 'corpora',
      resultsRoot: path.join(work, 'results'),
    };
    const tiny = fs.realpathSync(path.join(work, 'corpora', 'tiny'));
    expect(confineConfigPaths(config('corpora/tiny'), roots, work).corpus).toBe(tiny); // as the CLI reads it
    expect(confineConfigPaths(config('tiny'), roots, work).corpus).toBe(tiny); // as POST /indexes reads it
    // exists from the working folder, but outside the corpora root
    expect(() => confineConfigPaths(config('elsewhere'), roots, work)).toThrow(
      /corpus "elsewhere" not found under the corpora root/,
    );
    expect(() => confineConfigPaths(config('../elsewhere'), roots, work)).toThrow(
      /corpus path "..\/elsewhere" is outside the corpora root/,
    );
    expect(() => confineConfigPaths(config(path.join(work, 'elsewhere')), roots, work)).toThrow(
      /is outside the corpora root/,
    );
  });
});
