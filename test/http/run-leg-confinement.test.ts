import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { defineLeg } from '../../src/legs/leg-definition.js';
import { registerLegType } from '../../src/legs/registry.js';
import { z } from 'zod/v4';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('run-legs-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(corporaRoot, 'tiny', 'prod.trec'), 'q1 Q0 install-linux 1 3.5 prod\n');
  fs.writeFileSync(path.join(root, 'outside.trec'), 'q1 Q0 install-linux 1 3.5 prod\n');
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({
    catalog,
    corporaRoot,
    resultsRoot,
    experimentsRoot: path.join(root, 'experiments'),
    cacheDir: path.join(root, 'cache'),
  });
});
afterAll(() => catalog.close());

const start = (file: string) =>
  app.request('/experiments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      yaml: `name: runs\ncorpus: tiny\ngrid:\n  embedders: [none]\n  retrievers:\n    - { name: prod, legs: [{ type: run, file: ${JSON.stringify(file)} }] }\n`,
    }),
  });

describe('run-file legs of an experiment sent over HTTP', () => {
  it('are read only inside the corpora root or the results folder', async () => {
    for (const file of ['/etc/passwd', path.join(root, 'outside.trec'), '../outside.trec', 'tiny/../../outside.trec']) {
      const res = await start(file);
      expect(res.status, file).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message).toMatch(/grid\.retrievers\.0\.legs\.0\.file.*outside the corpora root or results folder/);
    }
    expect(fs.existsSync(path.join(resultsRoot, 'runs'))).toBe(false);
  });

  it('a run beside its corpus is accepted', async () => {
    const res = await start('tiny/prod.trec');
    expect(res.status).toBe(202);
  });
});

/**
 * Which fields name a file is the leg type's row's to say (fileFields), not a check for legs
 * typed `run`: a leg type registered here with a file field of another name is confined alike.
 */
const replayLeg = defineLeg({
  type: 'replay-file',
  description: 'a test fixture: a leg whose `source` names a file (it is refused before it would read it)',
  fields: { source: z.string().min(1).describe('a file the leg would read') },
  fileFields: ['source'],
  defaultName: () => 'replay',
  create: () => {
    throw new Error('never made: the file is refused first');
  },
});

describe('a leg type whose row names a file field', () => {
  it("has that field confined like a run leg's file, under its own name", async () => {
    const unregister = registerLegType(replayLeg);
    try {
      const res = await app.request('/experiments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          yaml: `name: replay\ncorpus: tiny\nlevel: doc\ngrid:\n  embedders: [none]\n  retrievers:\n    - { name: r, legs: [{ type: replay-file, source: /etc/passwd }] }\n`,
        }),
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message).toMatch(/grid\.retrievers\.0\.legs\.0\.source.*outside the corpora root or results folder/);
    } finally {
      unregister();
    }
  });
});
