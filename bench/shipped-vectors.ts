/**
 * What the demo's shipped int8 vectors (corpora/demo/vectors/, issue 43) cost in quality and
 * save in time. Two indexes of the demo with the chunker `serve --ensure` uses: one embedded by
 * use-lite (float32; through the shared cache, so a second run embeds nothing), one built from
 * the shipped vectors. Each is searched dense and hybrid (RRF) over every demo query, document
 * level, and scored on the demo's qrels; the table shows both and the difference. Build seconds
 * are those of the shipped build and of the model's (the latter is small when the cache held the
 * vectors: see its "from the cache" count).
 *
 *   npx tsx bench/shipped-vectors.ts [--cache-dir DIR]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/indexing/build-index.js';
import { listShippedVectors, readShippedVectors } from '../src/indexing/shipped-vectors.js';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'corpora/demo');
const BIN = path.join(ROOT, 'bin/testbed.js');
const { values } = parseArgs({ options: { 'cache-dir': { type: 'string' } } });
const cacheArgs = values['cache-dir'] ? ['--cache-dir', values['cache-dir']] : [];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-vectors-'));
const testbed = (args: string[]) => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
try {
  const header = listShippedVectors(DEMO)[0];
  if (!header) throw new Error(`no shipped vectors in ${DEMO}/vectors`);
  let t = performance.now();
  const shipped = readShippedVectors(header);
  const i8 = path.join(tmp, 'i8.sqlite');
  const meta = await buildIndex({ corpus: DEMO, out: i8, shipped });
  const i8Seconds = (performance.now() - t) / 1000;

  const f32 = path.join(tmp, 'f32.sqlite');
  t = performance.now();
  const built = JSON.parse(
    testbed([
      'index',
      DEMO,
      '--out',
      f32,
      '--embedder',
      shipped.header.model.id,
      '--chunker',
      meta.chunker,
      '--json',
      ...cacheArgs,
    ]),
  ) as { build: { embeddings: { fromCache: number; embedded: number } } };
  const f32Seconds = (performance.now() - t) / 1000;

  const score = (index: string, mode: string) => {
    const run = path.join(tmp, `${path.basename(index)}-${mode}.trec`);
    testbed([
      'retrieve',
      index,
      '--queries',
      path.join(DEMO, 'queries.jsonl'),
      '--run',
      run,
      '--mode',
      mode,
      '--k',
      '100',
    ]);
    const out = JSON.parse(
      testbed(['eval', path.join(DEMO, 'qrels/test.tsv'), run, '--metrics', 'ndcg@10,recall@100', '--json']),
    ) as { metrics: Record<string, number> };
    return out.metrics;
  };
  const rows: string[][] = [];
  for (const mode of ['dense', 'hybrid']) {
    const a = score(f32, mode);
    const b = score(i8, mode);
    for (const metric of ['ndcg@10', 'recall@100']) {
      rows.push([mode, metric, a[metric]!.toFixed(4), b[metric]!.toFixed(4), (b[metric]! - a[metric]!).toFixed(4)]);
    }
  }
  printHeader('Shipped demo vectors: int8 against the model (issue 43)', import.meta.url);
  console.log(
    `${meta.counts.chunks} chunks (${meta.chunker}), ${shipped.header.model.id}, ${path.relative(ROOT, header)} (${fs.statSync(path.join(path.dirname(header), shipped.header.data)).size} bytes); document level, k 100, the demo's qrels.\n`,
  );
  console.log(mdTable(['search', 'metric', 'float32 (model)', 'int8 (shipped)', 'int8 − float32'], rows, 'llrrr'));
  console.log(
    `\nBuild: from the shipped vectors ${i8Seconds.toFixed(1)} s; with the model ${f32Seconds.toFixed(1)} s (${built.build.embeddings.embedded} chunks embedded, ${built.build.embeddings.fromCache} from the cache).`,
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
