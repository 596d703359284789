import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { tmpDir } from '../helpers/tmp.js';
import {
  ALL_DOCS,
  legContract,
  openLegWorld,
  QID,
  QUERY,
  RUN_ORDER,
  type LegInput,
  type LegSubject,
  type LegWorld,
} from './leg-contract.js';

// Every leg type as a pipeline builds it (parsePipeline -> Searcher.prepare -> LegFactory), over
// the filter fixture (metadata, hash:64 vectors) and a small multilingual index.
const dir = tmpDir('leg-contract-');
let world: LegWorld;
beforeAll(async () => {
  world = await openLegWorld(dir);
});
afterAll(() => world.close());

const fts5: LegInput = { type: 'lexical', engine: 'fts5' };
const wink: LegInput = { type: 'lexical', engine: 'wink' };
const winkTuned: LegInput = { type: 'lexical', engine: 'wink', name: 'wink-tuned', k1: 1.6, b: 0.9 };
const dense: LegInput = { type: 'dense' };
const run = (file: string): LegInput => ({ type: 'run', file });

// Every chunk of the fixture says "password", so the lexical legs find all seven documents, and
// the exact dense scan scores every chunk. The run leg returns its run's six, in its order.
const SUBJECTS: LegSubject[] = [
  { name: 'lexical fts5', legs: () => [fts5], password: { docs: ALL_DOCS }, lexicalLegs: ['fts5'] },
  { name: 'lexical wink (defaults)', legs: () => [wink], password: { docs: ALL_DOCS }, lexicalLegs: ['wink'] },
  {
    name: 'lexical wink (k1 1.6, b 0.9)',
    legs: () => [winkTuned],
    password: { docs: ALL_DOCS },
    lexicalLegs: ['wink-tuned'],
  },
  { name: 'dense (hash:64)', legs: () => [dense], password: { docs: ALL_DOCS }, lexicalLegs: [] },
  {
    name: 'run file',
    legs: (file) => [run(file)],
    password: { docs: RUN_ORDER, inOrder: true },
    runLeg: 'run',
    lexicalLegs: [],
  },
  {
    name: 'fused: fts5 + wink + wink-tuned + dense',
    legs: () => [fts5, wink, winkTuned, dense],
    password: { docs: ALL_DOCS },
    lexicalLegs: ['fts5', 'wink', 'wink-tuned'],
  },
  {
    name: 'fused: fts5 + wink + wink-tuned + dense + run',
    legs: (file) => [fts5, wink, winkTuned, dense, run(file)],
    password: { docs: ALL_DOCS },
    runLeg: 'run',
    lexicalLegs: ['fts5', 'wink', 'wink-tuned'],
  },
];

for (const subject of SUBJECTS) legContract(() => world, subject);

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
