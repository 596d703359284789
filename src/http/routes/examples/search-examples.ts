import type { OperationExample } from './operation-example.js';

/**
 * Searches of the demo corpus (corpora/demo, the Ferndock help centre that `npm start` serves):
 * query q002 of its gold set, answered from the index `demo` built with structure:64 chunks.
 */
const Q = 'cant log in after changing pw';

const bm25Pipeline = { legs: [{ type: 'lexical', name: 'bm25', engine: 'postings' }], k: 2, level: 'chunk' };
const hybridPipeline = {
  legs: [
    { type: 'lexical', name: 'bm25', engine: 'postings' },
    { type: 'dense', name: 'dense' },
  ],
  k: 2,
  level: 'chunk',
  fusion: { method: 'rrf', norm: 'minmax', rrfK: 60, weights: [1, 1], depth: 100 },
};

const loginHit = {
  rank: 1,
  id: 'troubleshoot-login#3',
  doc_id: 'troubleshoot-login',
  title: 'Troubleshooting Sign-in Problems',
  text: "## Wrong or outdated password\n\nError E1001 is an authentication failure: the server did not accept the combination of user name and password. Check for the obvious first: Caps Lock, a keyboard layout that changed, or an autofilled old password in the browser's password manager.",
  start: 1260,
  end: 1538,
};
const lockoutHit = {
  rank: 2,
  id: 'config-auth-lockout#1',
  doc_id: 'config-auth-lockout',
  title: 'auth.lockout_threshold and auth.lockout_minutes',
  text: '## Behaviour\n\nAfter `lockout_threshold` failed sign-in attempts within 15 minutes, the account is locked for `lockout_minutes` minutes. Sign-in attempts during that time fail with error E1002, even with the right password. The counter resets after a successful sign-in.',
  start: 292,
  end: 561,
};

const bm25Answer = {
  query_id: '3f1c2a9e-7b4d-4e8a-9c1f-2d6b8e0a5c47',
  index: 'demo',
  mode: 'bm25',
  q: Q,
  k: 2,
  level: 'chunk',
  pipeline: bm25Pipeline,
  took_ms: { total: 4.1, bm25: 3.6, hydrate: 0.2 },
  hits: [
    { ...loginHit, score: 11.82 },
    { ...lockoutHit, score: 8.07 },
  ],
};

const hybridAnswer = {
  query_id: '9b2e6f14-0c3a-4d5e-8f71-a6c4d2e9b803',
  index: 'demo',
  mode: 'hybrid',
  q: Q,
  k: 2,
  level: 'chunk',
  pipeline: hybridPipeline,
  took_ms: { total: 38.5, bm25: 3.9, dense: 31.2, 'dense.embed': 27.4, fuse: 0.4, hydrate: 0.2 },
  hits: [
    { ...loginHit, score: 0.0325, sources: { bm25: { rank: 1, score: 11.82 }, dense: { rank: 2, score: 0.61 } } },
    { ...lockoutHit, score: 0.0318, sources: { bm25: { rank: 2, score: 8.07 }, dense: { rank: 3, score: 0.58 } } },
  ],
};

/**
 * An interleaved search of the same query, bm25 against dense (an interleaving `bm25-vs-dense` on
 * the demo index): dense put the lockout page first; the coin gave bm25 the first pick of the
 * round, so its login page leads and dense's lockout page follows. Each hit keeps its arm's score.
 */
const interleavedAnswer = {
  query_id: '6d4a1c8e-2f7b-4e93-a5c0-8b1e3d9f2a76',
  interleaving: 'bm25-vs-dense',
  method: 'team-draft',
  arms: ['bm25', 'dense'],
  index: 'demo',
  q: Q,
  k: 2,
  level: 'chunk',
  hits: [
    { ...loginHit, score: 11.82, team: 'bm25' },
    { ...lockoutHit, score: 0.63, team: 'dense' },
  ],
};

export const searchExamples: Record<string, OperationExample> = {
  searchInterleaved: {
    parameters: { index: 'demo', q: Q, k: 2, interleaving: 'bm25-vs-dense' },
    response: { status: '200', value: interleavedAnswer },
  },
  searchInterleavedWithBody: {
    requestBody: { index: 'demo', q: Q, k: 2, interleaving: 'bm25-vs-dense' },
    response: { status: '200', value: interleavedAnswer },
  },
  search: {
    parameters: { index: 'demo', q: Q, mode: 'hybrid', k: 2 },
    response: { status: '200', value: hybridAnswer },
  },
  searchWithBody: {
    requestBody: {
      index: 'demo',
      q: Q,
      legs: [{ type: 'lexical', engine: 'postings' }, { type: 'dense' }],
      fusion: { method: 'rrf' },
      k: 2,
    },
    response: {
      status: '200',
      value: {
        ...hybridAnswer,
        mode: 'pipeline',
        pipeline: {
          ...hybridPipeline,
          legs: [
            { type: 'lexical', name: 'lexical', engine: 'postings' },
            { type: 'dense', name: 'dense' },
          ],
        },
        hits: hybridAnswer.hits.map(({ sources, ...hit }) => ({
          ...hit,
          sources: { lexical: sources.bm25, dense: sources.dense },
        })),
      },
    },
  },
  searchByMode: {
    parameters: { mode: 'bm25', index: 'demo', q: Q, k: 2 },
    response: { status: '200', value: bm25Answer },
  },
  searchByModeWithBody: {
    parameters: { mode: 'bm25' },
    requestBody: { index: 'demo', q: Q, k: 2 },
    response: { status: '200', value: bm25Answer },
  },
  recordEvents: {
    requestBody: {
      events: [
        {
          action_name: 'impression',
          query_id: bm25Answer.query_id,
          client_id: 'web-32bb07e3',
          event_attributes: { object: { object_id: 'troubleshoot-login#3' }, position: { ordinal: 1 } },
        },
        {
          action_name: 'click',
          query_id: bm25Answer.query_id,
          client_id: 'web-32bb07e3',
          timestamp: '2025-05-18T01:20:35.327Z',
          event_attributes: { object: { object_id: 'troubleshoot-login#3' }, position: { ordinal: 1 } },
        },
      ],
    },
    response: { status: '202', value: { accepted: 2 } },
  },
};
