import { createHash } from 'node:crypto';
import { withoutUrlSecrets } from '../remote/redact-url.js';
import type { Pipeline } from './resolve-pipeline.js';
import { pipelineForMode } from './search-spec.js';
import type { Mode } from './shorthand-rows.js';
import { withSortedKeys } from '../store/filter-key.js';

/** Hex digits of the pipeline hash a run tag carries: 8 (32 bits) tell a grid's runs apart. */
export const TAG_HASH_DIGITS = 8;

/**
 * The first TAG_HASH_DIGITS hex digits of the sha256 of the pipeline's canonical JSON: object
 * keys sorted at every depth, `k` left out (k only cuts the ranking, so a run at k 100 is the
 * head of the same run at k 1000), and URL userinfo and key-like query values left out
 * (withoutUrlSecrets). The same pipeline always gives the same hash, on any machine.
 */
export function pipelineHash(pipeline: Pipeline): string {
  const { k: _cut, ...ranking } = pipeline;
  // Without URL secrets: a tag is printed in run files, and a hash of a pipeline holding a
  // password would let anyone test guesses at it offline.
  const json = withoutUrlSecrets(JSON.stringify(withSortedKeys(ranking)));
  return createHash('sha256').update(json, 'utf8').digest('hex').slice(0, TAG_HASH_DIGITS);
}

/**
 * The run tag `testbed retrieve` writes when none is given, naming what made the run:
 *   bm25   -> `bm25-ENGINE` (bm25-postings, bm25-wink, bm25-fts5), and `-HASH` after it when
 *             anything but the engine differs from the bm25 shorthand's defaults (k1, b, a
 *             filter, the level, the query language)
 *   dense, hybrid, a pipeline -> `dense-HASH`, `hybrid-HASH`, `pipeline-HASH`
 * HASH is pipelineHash: the run files of two settings never share a tag.
 */
export function runTag(pipeline: Pipeline, mode: Mode | 'pipeline'): string {
  const hash = pipelineHash(pipeline);
  if (mode !== 'bm25') return `${mode}-${hash}`;
  const leg = pipeline.legs[0]!;
  const engine = leg.type === 'lexical' ? leg.engine : leg.type;
  const plain = pipelineForMode('bm25', { engine, level: pipeline.level, k: pipeline.k });
  return pipelineHash(plain) === hash ? `bm25-${engine}` : `bm25-${engine}-${hash}`;
}
