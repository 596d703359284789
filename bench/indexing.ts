/**
 * Indexing throughput, each phase in its own child process (so each has its own peak RSS):
 * - lexical only (`--embedder none`) on all of SciFact: documents/s, size on disk per 1k chunks;
 * - with embeddings, hash:384 on all of SciFact and use-lite on a 500-document slice, each with
 *   a fresh (cold) embedding cache: documents/s for the whole build, chunks/s of its embedding
 *   phase, size per 1k chunks;
 * - the raw encoder on the same texts (read back from the index just built, title + text as the
 *   builder embeds them) in the same batch size (64), called directly: the embedding phase's
 *   throughput as a ratio of the raw encoder's shows what the indexing path (SQLite reads,
 *   cache lookups and writes, vector inserts) costs on top of the model.
 *
 *   npx tsx bench/indexing.ts [--slice 500] [--chunker doc] [--repeat 1] [--quick]
 *
 * --repeat N runs each embedding pipeline/raw pair N times, alternating which goes first, and
 * reports medians. --quick: use-lite on 100 documents.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder } from '../src/embedders/registry.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { embedText } from '../src/indexing/embed-text.js';
import { IndexReader } from '../src/store/index-reader.js';
import { runPhase, sendPhaseResult } from './lib/child.js';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR } from './lib/corpora.js';
import { fixed, mb, mdTable } from './lib/markdown.js';
import { mib, peakRssMiB } from './lib/rss.js';
import { median } from './lib/stats-extra.js';

const BATCH = 64;

const { values } = parseArgs({
  options: {
    slice: { type: 'string', default: '500' },
    chunker: { type: 'string', default: 'doc' },
    repeat: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
    // internal: child-process roles
    phase: { type: 'string' },
    corpus: { type: 'string' },
    embedder: { type: 'string' },
    out: { type: 'string' },
  },
});

interface BuildResult {
  docs: number;
  chunks: number;
  seconds: number;
  embedSeconds: number;
  bytes: number;
  peakRssMiB: number;
}
interface RawResult {
  texts: number;
  seconds: number;
  peakRssMiB: number;
}

if (values.phase === 'build') await buildChild();
else if (values.phase === 'raw') await rawChild();
else await main();

async function main(): Promise<void> {
  printHeader('Indexing throughput', import.meta.url);
  const scifact = path.join(CORPORA_DIR, 'scifact');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-indexing-'));
  try {
    const sliceDocs = values.quick ? 100 : Number(values.slice);
    const slice = path.join(tmp, `scifact-${sliceDocs}.jsonl`);
    const lines = fs
      .readFileSync(path.join(scifact, 'corpus.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    fs.writeFileSync(slice, lines.slice(0, sliceDocs).join('\n') + '\n');
    console.log(
      `Chunker \`${values.chunker}\`; embedding batch ${BATCH}; every embedding build starts from an empty cache; each phase runs in its own process.\n`,
    );

    const build = (corpus: string, embedder: string, name: string) =>
      runPhase<BuildResult>(import.meta.url, [
        '--phase',
        'build',
        '--corpus',
        corpus,
        '--embedder',
        embedder,
        '--out',
        path.join(tmp, name),
        '--chunker',
        values.chunker,
      ]);
    const raw = (embedder: string, name: string) =>
      runPhase<RawResult>(import.meta.url, ['--phase', 'raw', '--embedder', embedder, '--out', path.join(tmp, name)]);

    const lexical = await build(scifact, 'none', 'lexical.sqlite');
    const rows: (string | number)[][] = [buildRow('lexical only (none)', 'SciFact, all', lexical, undefined)];
    const ratios: (string | number)[][] = [];
    for (const [embedder, corpus, label] of [
      ['hash:384', scifact, 'SciFact, all'],
      ['use-lite', slice, `SciFact, first ${sliceDocs}`],
    ] as const) {
      const builds: BuildResult[] = [];
      const raws: RawResult[] = [];
      for (let r = 0; r < Number(values.repeat); r++) {
        const name = `${embedder.replace(/\W/g, '_')}-${r}.sqlite`;
        // Raw needs the built index's texts: build first on even rounds; on odd rounds the
        // encoder runs first on the previous round's index (same texts), then the build.
        if (r % 2 === 0) {
          builds.push(await build(corpus, embedder, name));
          raws.push(await raw(embedder, name));
        } else {
          raws.push(await raw(embedder, `${embedder.replace(/\W/g, '_')}-${r - 1}.sqlite`));
          builds.push(await build(corpus, embedder, name));
        }
      }
      const b = medianBuild(builds);
      const rawRate = median(raws.map((x) => x.texts / x.seconds));
      rows.push(buildRow(embedder, label, b, b.chunks / b.embedSeconds));
      ratios.push([
        embedder,
        label,
        fixed(b.chunks / b.embedSeconds, 1),
        fixed(rawRate, 1),
        fixed(b.chunks / b.embedSeconds / rawRate, 2),
        mib(median(raws.map((x) => x.peakRssMiB))),
      ]);
    }
    console.log(
      mdTable(
        [
          'embedder',
          'corpus',
          'documents',
          'chunks',
          'build s',
          'documents/s (whole build)',
          'embedding phase s',
          'chunks/s embedded',
          'MB on disk',
          'MB per 1k chunks',
          'peak RSS',
        ],
        rows,
        'llrrrrrrrrr',
      ),
    );
    console.log('\n### Embedding through the indexing path vs the raw encoder (same texts, same batches)\n');
    console.log(
      mdTable(
        ['embedder', 'corpus', 'indexing path chunks/s', 'raw encoder texts/s', 'path / raw', 'raw phase peak RSS'],
        ratios,
        'llrrrr',
      ),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function buildRow(
  embedder: string,
  corpus: string,
  b: BuildResult,
  embedRate: number | undefined,
): (string | number)[] {
  return [
    embedder,
    corpus,
    b.docs,
    b.chunks,
    fixed(b.seconds, 2),
    fixed(b.docs / b.seconds, 0),
    embedRate === undefined ? '' : fixed(b.embedSeconds, 2),
    embedRate === undefined ? '' : fixed(embedRate, 1),
    mb(b.bytes),
    mb((b.bytes / b.chunks) * 1000),
    mib(b.peakRssMiB),
  ];
}

function medianBuild(bs: BuildResult[]): BuildResult {
  const m = (f: (b: BuildResult) => number) => median(bs.map(f));
  return {
    docs: bs[0]!.docs,
    chunks: bs[0]!.chunks,
    seconds: m((b) => b.seconds),
    embedSeconds: m((b) => b.embedSeconds),
    bytes: m((b) => b.bytes),
    peakRssMiB: m((b) => b.peakRssMiB),
  };
}

/** Child: one build with a fresh embedding cache beside the output. */
async function buildChild(): Promise<void> {
  const out = values.out!;
  const cacheFile = `${out}.cache.sqlite`;
  fs.rmSync(cacheFile, { force: true });
  const meta = await buildIndex({
    corpus: values.corpus!,
    out,
    chunker: values.chunker,
    embedder: values.embedder!,
    cacheFile,
    embedBatch: BATCH,
    skipEmpty: true,
  });
  const bytes = fs.statSync(out).size;
  sendPhaseResult({
    docs: meta.counts.documents,
    chunks: meta.counts.chunks,
    seconds: meta.build.seconds,
    embedSeconds: meta.build.embedSeconds,
    bytes,
    peakRssMiB: peakRssMiB(),
  } satisfies BuildResult);
}

/** Child: the encoder alone on the built index's chunk texts, in the builder's batch size. */
async function rawChild(): Promise<void> {
  const reader = IndexReader.open(values.out!);
  const texts = [...reader.chunks()].map(embedText);
  reader.close();
  const embedder = (await createEmbedder(values.embedder!))!;
  let seconds = 0;
  try {
    for (let i = 0; i < texts.length; i += BATCH) {
      const t0 = performance.now();
      await embedder.embed(texts.slice(i, i + BATCH), 'passage');
      seconds += (performance.now() - t0) / 1000;
    }
  } finally {
    await embedder.close?.();
  }
  sendPhaseResult({ texts: texts.length, seconds, peakRssMiB: peakRssMiB() } satisfies RawResult);
}
