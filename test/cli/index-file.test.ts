import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexFileArgument } from '../../src/cli/index-file.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const scratch = tmpDir('index-arg-');

/** A project folder as npm start leaves it: data/demo.sqlite built from corpora/demo. */
function project(withIndex: boolean, withCorpus: boolean): string {
  const root = path.join(scratch, `project-${withIndex}-${withCorpus}`);
  if (withCorpus) fs.mkdirSync(path.join(root, 'corpora', 'demo'), { recursive: true });
  fs.mkdirSync(path.join(root, 'data'), { recursive: true });
  // Only its existence is looked at: the hint is given before anything is opened.
  if (withIndex) fs.writeFileSync(path.join(root, 'data', 'demo.sqlite'), '');
  return root;
}

describe('the INDEX argument of search and retrieve', () => {
  const home = process.cwd();
  afterEach(() => process.chdir(home));

  it('a bare name with data/NAME.sqlite beside it: did you mean that file? (exit 2)', async () => {
    process.chdir(project(true, true));
    const search = await runCli(['search', 'demo', 'password reset']);
    expect(search.code).toBe(2);
    expect(search.err).toBe(
      `testbed search: no index file "demo"; did you mean ${path.join('data', 'demo.sqlite')}?\n`,
    );
    const retrieve = await runCli(['retrieve', 'demo', '--queries', 'q.jsonl', '--run', 'out.trec']);
    expect(retrieve.code).toBe(2);
    expect(retrieve.err).toBe(
      `testbed retrieve: no index file "demo"; did you mean ${path.join('data', 'demo.sqlite')}?\n`,
    );
  });

  it('a bare name with no index file: the command that builds one, from corpora/NAME when it exists', async () => {
    process.chdir(project(false, true));
    const r = await runCli(['search', 'demo', 'password reset']);
    expect(r.code).toBe(2);
    const out = path.join('data', 'demo.sqlite');
    expect(r.err).toBe(
      `testbed search: no index file "demo", nor ${out}; build one with: testbed index ${path.join('corpora', 'demo')} --out ${out}\n`,
    );

    process.chdir(project(false, false));
    const none = await runCli(['search', 'demo', 'password reset']);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`build one with: testbed index CORPUS --out ${out} (CORPUS: a BEIR folder`);
  });

  it('a mistyped path to an index the data folder holds is pointed at it; any other missing path is not found', () => {
    const root = project(true, false);
    const dirs = { dataDir: path.join(root, 'data'), corporaRoot: path.join(root, 'corpora') };
    const wanted = path.join(root, 'data', 'demo.sqlite');
    expect(() => indexFileArgument('demo.sqlite', dirs)).toThrow(
      `no index file "demo.sqlite"; did you mean ${wanted}?`,
    );
    expect(() => indexFileArgument('elsewhere/demo.sqlite', dirs)).toThrow(`did you mean ${wanted}?`);
    // the file itself, and a path the reader will report as not found, pass through unchanged
    expect(indexFileArgument(wanted, dirs)).toBe(wanted);
    expect(indexFileArgument('elsewhere/other.sqlite', dirs)).toBe('elsewhere/other.sqlite');
  });
});
