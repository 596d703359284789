import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Qrels } from '../../src/corpus/types.js';
import { indexRunFile, queryReader } from '../../src/fusion/run-file-index.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import type { TuneOptions } from '../../src/fusion/tune/tune-options.js';
import { indexedSource, type TuneSource, tuneRunFiles } from '../../src/fusion/tune/tune-run-files.js';
import { judgementsOf } from '../../src/metrics/judgements.js';
import { parseMetric } from '../../src/metrics/index.js';
import { collectRun, readRunQueries } from '../../src/runs/run-queries.js';
import { writeRunQueries } from '../../src/runs/run-stream-writer.js';
import { writeRankedRun } from '../../src/runs/trec-run-writer.js';
import { createRng } from '../../src/stats/prng.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * `testbed tune` reads its run files query by query and writes the tuned run as it ranks it
 * (issue 40): tuneRunFiles must rank, score and report exactly as tuneFusion does over the runs
 * held whole, while holding one query of each leg at a time.
 */
const dir = tmpDir('testbed-tune-run-files-');
const mrr = parseMetric('mrr');

function writeLines(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Each leg as a TuneSource over its indexed file, logging every query its readers are asked for. */
async function sources(files: Record<string, string>, log: string[] = []): Promise<TuneSource[]> {
  return Promise.all(
    Object.entries(files).map(async ([name, file]) => {
      const source = indexedSource(name, await indexRunFile(file));
      return {
        ...source,
        open: () => {
          const reader = source.open();
          return {
            read: (qid: string) => (log.push(`read ${name} ${qid}`), reader.read(qid)),
            close: () => reader.close(),
          };
        },
      };
    }),
  );
}

/** tuneRunFiles writing its run to `out` with writeRunQueries, logging each query as it is written. */
function tuneToFile(legs: TuneSource[], qrels: Qrels, options: TuneOptions, out: string, log: string[] = []) {
  return tuneRunFiles(legs, judgementsOf(qrels), options, async (run) => {
    async function* logged() {
      for await (const query of run) {
        log.push(`write ${query.qid}`);
        yield query;
      }
    }
    return writeRunQueries(out, logged(), 'tuned');
  });
}

/**
 * The worked example of tune-library.test.ts, as files. On a1..a3 leg a ranks the relevant d1
 * first (d1 2, d2 1) and leg b second (d2 2, d1 1); on b1..b3 the other way round. Under MRR
 * with leave-one-out folds and --select best, holding out an a-query leaves 2 a- and 3
 * b-queries, where b alone scores (2·½ + 3)/5 = 0.8 against a's 0.7, so the a-query is ranked by
 * b: d2 2, d1 1; a b-query, by the mirror image, by a: d2 2, d1 1. Every query of the written run
 * is d2 then d1, MRR ½ each, held-out mean ½. Leg a also holds ax, not judged: left out, never
 * read. Leg a lists its queries in byte order (read straight through, passing over ax), leg b in
 * reverse (read one query's byte range at a time).
 */
const JUDGED = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
const first = (q: string, leg: string) => [`${q} Q0 d1 1 2 ${leg}`, `${q} Q0 d2 2 1 ${leg}`];
const second = (q: string, leg: string) => [`${q} Q0 d2 1 2 ${leg}`, `${q} Q0 d1 2 1 ${leg}`];
const legA = writeLines('a.trec', [
  ...['a1', 'a2', 'a3'].flatMap((q) => first(q, 'a')),
  ...first('ax', 'a'),
  ...['b1', 'b2', 'b3'].flatMap((q) => second(q, 'a')),
]);
const legB = writeLines('b.trec', [
  ...['b3', 'b2', 'b1'].flatMap((q) => first(q, 'b')),
  ...['a3', 'a2', 'a1'].flatMap((q) => second(q, 'b')),
]);
const halves: Qrels = new Map(JUDGED.map((q) => [q, new Map([['d1', 1]])]));
const wsumGrid: TuneOptions = {
  metric: mrr,
  grid: { methods: ['wsum'], norms: ['minmax'], weightSteps: 1 },
  folds: 6,
  select: 'best',
};

describe('tuneRunFiles on the worked example', () => {
  it('writes every query ranked by the leg wrong for it, d2 2 then d1 1; held out ½; ax left out', async () => {
    const out = path.join(dir, 'halves.trec');
    const summary = await tuneToFile(await sources({ a: legA, b: legB }), halves, wsumGrid, out);
    expect(fs.readFileSync(out, 'utf8')).toBe(
      JUDGED.map((q) => `${q} Q0 d2 1 2 tuned\n${q} Q0 d1 2 1 tuned\n`).join(''),
    );
    expect(summary.heldOut.mean).toBe(0.5);
    expect(summary.choices.map((c) => summary.settings[c.setting])).toEqual(
      summary.choices.map((c) => ({ alone: c.queries[0]!.startsWith('a') ? 1 : 0 })),
    );
    expect(summary.leftOut).toBe(1);
  });

  it('reads one query of each leg at a time, writes it before reading the next, and never asks for ax', async () => {
    const log: string[] = [];
    await tuneToFile(await sources({ a: legA, b: legB }, log), halves, wsumGrid, path.join(dir, 'log.trec'), log);
    const reads = (q: string) => [`read a ${q}`, `read b ${q}`];
    // First pass: every judged query scored under every setting, in byte order; second: ranked and written.
    expect(log).toEqual([...JUDGED.flatMap(reads), ...JUDGED.flatMap((q) => [...reads(q), `write ${q}`])]);
  });
});

/**
 * A fixture with nothing arranged: 24 queries, two legs of 12 documents each drawn from 30
 * (seeded), 18 queries judged with 3 graded documents each, 3 of those with none relevant
 * (grade 0, not tuned), 6 not judged at all. Leg b lists its queries in reverse order and lacks
 * q05. Whatever the grid, depth and metric, the file tuneRunFiles writes must be the file
 * writeRankedRun writes of tuneFusion's run over the same runs read whole, and the reports the same.
 */
const next = createRng(11);
const qid = (i: number) => `q${String(i).padStart(2, '0')}`;
const QUERIES = Array.from({ length: 24 }, (_, i) => qid(i + 1));
const legLines = (leg: string) =>
  QUERIES.map((q) => {
    const docs = new Set<number>();
    while (docs.size < 12) docs.add(Math.floor(next() * 30));
    return [...docs].map((d, r) => `${q} Q0 d${d} ${r + 1} ${(12 - r + next()).toFixed(3)} ${leg}`);
  });
const randomA = writeLines('random-a.trec', legLines('a').flat());
const randomB = writeLines(
  'random-b.trec',
  legLines('b')
    .filter((_, i) => QUERIES[i] !== 'q05')
    .reverse()
    .flat(),
);
const graded: Qrels = new Map(
  QUERIES.slice(0, 18).map((q, i) => [
    q,
    new Map(Array.from({ length: 3 }, (_, j) => [`d${(i * 7 + j * 11) % 30}`, i < 3 ? 0 : 1 + (j % 2)])),
  ]),
);

describe('tuneRunFiles writes the run tuneFusion holds, byte for byte', () => {
  const cases: [string, TuneOptions][] = [
    ['the default grid, ndcg@10, 5 folds', {}],
    [
      'rrf and combsum, map, depth 4, k 5, 3 folds, one-se',
      {
        metric: parseMetric('map'),
        grid: { methods: ['rrf', 'combsum'] },
        depth: 4,
        k: 5,
        folds: 3,
        select: 'one-se',
      },
    ],
    [
      'probfuse and slidefuse (trained inside the folds) beside rrf, depth 6, 4 folds',
      {
        grid: { methods: ['rrf'], trained: ['probfuse', 'slidefuse'], probfuseSegments: [2, 3], slidefuseWindows: [1] },
        depth: 6,
        folds: 4,
      },
    ],
  ];
  it.each(cases)('%s', async (_, options) => {
    const out = path.join(dir, 'streamed.trec');
    const summary = await tuneToFile(await sources({ a: randomA, b: randomB }), graded, options, out);
    const whole = async (name: string, file: string) => {
      const run = await collectRun(readRunQueries(file));
      return { name, run, queryIds: [...run.keys()] };
    };
    const { run, ...held } = tuneFusion(
      [await whole('a', randomA), await whole('b', randomB)],
      judgementsOf(graded),
      options,
    );
    const expected = path.join(dir, 'held.trec');
    writeRankedRun(expected, run, 'tuned');
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(expected, 'utf8'));
    expect(summary).toEqual(held);
    expect(summary.leftOut).toBe(9); // q01..q03 (nothing relevant) and q19..q24 (not judged)
  });
});

describe('queryReader asked for some of a sorted file’s queries', () => {
  it('passes over those not asked for, and refuses one asked for out of byte order', async () => {
    const index = await indexRunFile(legA);
    const reader = queryReader(index);
    expect((await reader.read('a2')).map((d) => d.id)).toEqual(['d1', 'd2']);
    expect((await reader.read('b1')).map((d) => d.id)).toEqual(['d2', 'd1']);
    await expect(reader.read('ax')).rejects.toThrow(/changed while it was read/);
    await reader.close();
  });
});
