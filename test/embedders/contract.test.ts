import path from 'node:path';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { loadTransformersEmbedder } from '../../src/embedders/transformers.js';
import { createUseLiteEmbedder } from '../../src/embedders/use-lite.js';
import { makeTinyBert } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { tmpDir } from '../helpers/tmp.js';
import { embedderContract } from './contract.js';

// Random-weight BERTs written once for this file. The folder names choose the prefixes:
// `tiny-bert` gets none, `e5-small-v2` gets e5's "query: " and "passage: ".
const models = tmpDir('embedder-contract-');
let written: Promise<void> | undefined;
const tinyBert = async (name: string) => {
  written ??= Promise.all(
    ['tiny-bert', 'e5-small-v2'].map((n) =>
      makeTinyBert(path.join(models, n), { hidden: 32, maxPositions: 64, seed: 3 }),
    ),
  ).then(() => undefined);
  await written;
  // An absolute folder path, so the id (transformers:<folder>) reloads through the registry.
  return loadTransformersEmbedder(path.join(models, name));
};

embedderContract({
  name: 'hash',
  make: async () => createHashEmbedder(64),
  asymmetric: false,
  // Documented in hash.ts: a text with no letter or digit has no words, and its vector stays zero.
  encodesAsZero: (text) => !/[\p{L}\p{N}]/u.test(text),
  orderBlind: true,
});

embedderContract({
  name: 'transformers (tiny BERT folder, no prefix)',
  make: () => tinyBert('tiny-bert'),
  asymmetric: false,
});

embedderContract({
  name: 'transformers (tiny BERT folder named e5, prefixed)',
  make: () => tinyBert('e5-small-v2'),
  asymmetric: true,
});

// USE Lite encodes ~12 short texts a second: the suite's inputs are few and short, the timeout long.
embedderContract({
  name: 'use-lite',
  make: () => createUseLiteEmbedder({ threads: 2 }),
  asymmetric: false,
  timeoutMs: 180_000,
});
