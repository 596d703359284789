import type { LegType } from '../../src/legs/registry.js';
import { legTypes } from '../../src/legs/registry.js';
import { ALL_DOCS, type LegInput, type LegSubject, RUN_ORDER } from './leg-contract.js';

export const fts5: LegInput = { type: 'lexical', engine: 'fts5' };
export const wink: LegInput = { type: 'lexical', engine: 'wink' };
export const postings: LegInput = { type: 'lexical', engine: 'postings' };
export const postingsTuned: LegInput = { type: 'lexical', engine: 'postings', name: 'postings-tuned', k1: 0, b: 1 };
export const winkTuned: LegInput = { type: 'lexical', engine: 'wink', name: 'wink-tuned', k1: 1.6, b: 0.9 };
export const dense: LegInput = { type: 'dense' };
export const run = (file: string): LegInput => ({ type: 'run', file });

/**
 * The subjects of each built-in leg type: the facts written for it (a built-in leg type with no
 * entry here does not compile). Every chunk of the fixture says "password", so the lexical legs
 * find all seven documents, and the exact dense scan scores every chunk. The run leg returns its
 * run's six, in its order. The remote legs call the fake engines of leg-contract.ts, which
 * answer with every chunk of the index: all seven documents.
 */
export const SUBJECTS_BY_TYPE: Record<LegType, LegSubject[]> = {
  lexical: [
    { name: 'lexical fts5', legs: () => [fts5], password: { docs: ALL_DOCS }, lexicalLegs: ['fts5'] },
    { name: 'lexical wink (defaults)', legs: () => [wink], password: { docs: ALL_DOCS }, lexicalLegs: ['wink'] },
    {
      name: 'lexical postings (defaults)',
      legs: () => [postings],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['postings'],
    },
    {
      name: 'lexical postings (k1 0, b 1)',
      legs: () => [postingsTuned],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['postings-tuned'],
    },
    {
      name: 'lexical wink (k1 1.6, b 0.9)',
      legs: () => [winkTuned],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['wink-tuned'],
    },
  ],
  rm3: [
    {
      name: 'rm3 (Anserini defaults)',
      legs: () => [{ type: 'rm3' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['rm3'],
    },
  ],
  rocchio: [
    {
      name: 'rocchio (k1 1.2, b 0.75, 2 feedback chunks)',
      legs: () => [{ type: 'rocchio', k1: 1.2, b: 0.75, fb_docs: 2 }],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['rocchio'],
    },
  ],
  bo1: [
    {
      name: 'bo1 (Terrier defaults)',
      legs: () => [{ type: 'bo1' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: ['bo1'],
    },
  ],
  dense: [
    { name: 'dense (hash:64)', legs: () => [dense], password: { docs: ALL_DOCS }, lexicalLegs: [] },
    // ef_search above the fixture's chunk count: the graph search visits every chunk, as the scan does.
    {
      name: 'dense ann (hash:64, ef_search 4096)',
      legs: () => [{ type: 'dense', ann: { ef_search: 4096 } }],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  run: [
    {
      name: 'run file',
      legs: (side) => [run(side.runFile)],
      password: { docs: RUN_ORDER, inOrder: true },
      runLeg: 'run',
      lexicalLegs: [],
    },
  ],
  http: [
    {
      name: 'http (a search API on 127.0.0.1)',
      legs: (side) => [
        {
          type: 'http',
          url: `${side.remote}/search?q={{query}}&k={{k}}`,
          hits: 'hits',
          id: 'doc',
          chunk_id: 'chunk',
          score: 's',
        },
      ],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  opensearch: [
    {
      name: 'opensearch (bm25, a fake cluster on 127.0.0.1)',
      legs: (side) => [{ type: 'opensearch', url: side.remote, index: 'docs', chunk_id: '_source.chunk_id' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  elasticsearch: [
    {
      name: 'elasticsearch (knn, the query embedded by hash:64; a fake cluster on 127.0.0.1)',
      legs: (side) => [
        { type: 'elasticsearch', url: side.remote, index: 'docs', query: 'knn', chunk_id: '_source.chunk_id' },
      ],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  qdrant: [
    {
      name: 'qdrant (a fake collection on 127.0.0.1)',
      legs: (side) => [{ type: 'qdrant', url: side.remote, collection: 'docs' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  'opensearch-hybrid': [
    {
      name: "opensearch-hybrid (the cluster's own search pipeline; a fake cluster on 127.0.0.1)",
      legs: (side) => [
        {
          type: 'opensearch-hybrid',
          url: side.remote,
          index: 'docs',
          search_pipeline: 'hybrid',
          chunk_id: '_source.chunk_id',
        },
      ],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  'elasticsearch-rrf': [
    {
      name: 'elasticsearch-rrf (a fake cluster on 127.0.0.1)',
      legs: (side) => [{ type: 'elasticsearch-rrf', url: side.remote, index: 'docs', chunk_id: '_source.chunk_id' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  'qdrant-fusion': [
    {
      name: 'qdrant-fusion (a fake collection on 127.0.0.1)',
      legs: (side) => [{ type: 'qdrant-fusion', url: side.remote, collection: 'docs', lexical_using: 'bm25' }],
      password: { docs: ALL_DOCS },
      lexicalLegs: [],
    },
  ],
  // A postgres leg needs a real server: its facts are checked in test-postgres/ (npm run test:postgres).
  postgres: [],
};

/** Fusions across leg types. */
export const FUSED_SUBJECTS: LegSubject[] = [
  {
    name: 'fused: fts5 + wink + wink-tuned + dense',
    legs: () => [fts5, wink, winkTuned, dense],
    password: { docs: ALL_DOCS },
    lexicalLegs: ['fts5', 'wink', 'wink-tuned'],
  },
  {
    name: 'fused: fts5 + wink + wink-tuned + dense + run',
    legs: (side) => [fts5, wink, winkTuned, dense, run(side.runFile)],
    password: { docs: ALL_DOCS },
    runLeg: 'run',
    lexicalLegs: ['fts5', 'wink', 'wink-tuned'],
  },
  {
    name: 'fused: rm3 + bo1 + dense',
    legs: () => [{ type: 'rm3' }, { type: 'bo1' }, dense],
    password: { docs: ALL_DOCS },
    lexicalLegs: ['rm3', 'bo1'],
  },
];

/**
 * A subject for every leg type registered now: the facts written for a built-in one, and for a
 * leg type registered at run time (a fixture, an extension) its leg with the defaults of its
 * fields, held to every promise of the contract that needs no fact about its ranking.
 */
export function subjectsOfEveryLegType(): LegSubject[] {
  return legTypes().flatMap(
    (type) =>
      (SUBJECTS_BY_TYPE as Record<string, LegSubject[]>)[type] ?? [
        {
          name: `${type} (registered at run time, its fields' defaults)`,
          legs: () => [{ type } as LegInput],
          lexicalLegs: [],
        },
      ],
  );
}
