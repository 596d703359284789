import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { tmpDir } from '../helpers/tmp.js';
import { legContract, openLegWorld, QID, QUERY, RUN_ORDER, type LegInput, type LegWorld } from './leg-contract.js';
import { FUSED_SUBJECTS, fts5, run, subjectsOfEveryLegType, wink, winkTuned } from './leg-subjects.js';

// Every registered leg type as a pipeline builds it (parsePipeline -> Searcher.prepare ->
// LegFactory), and fusions of them, over the filter fixture (metadata, hash:64 vectors) and a
// small multilingual index; the remote leg types against fake engines on 127.0.0.1.
const dir = tmpDir('leg-contract-');
let world: LegWorld;
beforeAll(async () => {
  world = await openLegWorld(dir);
});
afterAll(() => world.close());

for (const subject of [...subjectsOfEveryLegType(), ...FUSED_SUBJECTS]) legContract(() => world, subject);

describe('leg-specific facts the contract relies on', () => {
  const search = async (legs: LegInput[], level: 'chunk' | 'doc' = 'doc') => {
    const { searcher } = world.meta;
    const parts = await searcher.prepare(parsePipeline({ legs, k: 100, level }));
    return (await searcher.retrieve(parts, QUERY, { queryId: QID })).hits;
  };

  it('fts5: d4#1 and d3#0 both hold "password" 3 times in 6 words, so they tie and d4 goes first (id descending)', async () => {
    for (const level of ['chunk', 'doc'] as const) {
      const [first, second] = await search([fts5], level);
      expect([first?.chunkId, second?.chunkId]).toEqual(['d4#1', 'd3#0']);
      expect(first?.score).toBe(second?.score);
    }
  });

  it('wink: k1 and b reach the engine (the tuned leg scores differently from the default one)', async () => {
    const byDefault = await search([wink]);
    const tuned = await search([winkTuned]);
    expect(tuned.map((h) => h.score)).not.toEqual(byDefault.map((h) => h.score));
  });

  it('run: a document carries its first chunk in the index', async () => {
    expect((await search([run(world.meta.runFile)])).map((h) => h.chunkId)).toEqual(RUN_ORDER.map((d) => `${d}#0`));
  });
});
