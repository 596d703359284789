/**
 * What logging traffic costs and how far the traffic commands scale (issue 21).
 *
 *   npx tsx bench/traffic.ts [--searches 2000] [--scale 100]
 *
 * 1. Search latency with and without `--log-queries`: two apps over the same index (the tiny
 *    BEIR fixture, BM25 on the main thread), the same queries sent to each in turn, so background
 *    load weighs on both alike; medians and the ratio.
 * 2. Reading, sampling and judging a big log: the demo's bundled log repeated --scale times (query
 *    and event ids made unique per copy) through readTraffic, sampleQuerySet (pps, n 200) and
 *    judgeClicks (coec), with the time of each and the process's peak resident memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHashEmbedder } from '../src/embedders/hash.js';
import { createApp } from '../src/http/app.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { IndexCatalog } from '../src/serving/catalog/index-catalog.js';
import { judgeClicks } from '../src/traffic/judge-clicks.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../src/traffic/min-impressions.js';
import { QueryLog } from '../src/traffic/query-log.js';
import { readTraffic } from '../src/traffic/read-traffic.js';
import { sampleQuerySet } from '../src/traffic/sample-query-set.js';
import { printHeader } from './lib/command.js';
import { mdTable, ms, ratio } from './lib/markdown.js';
import { median } from './lib/stats-extra.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { searches: { type: 'string', default: '2000' }, scale: { type: 'string', default: '100' } },
});
const searches = Number(values.searches);
const scale = Number(values.scale);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-traffic-'));

printHeader('Traffic: the cost of --log-queries, and the traffic commands on a big log', import.meta.url);

// 1. Latency with and without the log.
const data = path.join(tmp, 'data');
fs.mkdirSync(data);
await buildIndex({
  corpus: path.join(ROOT, 'test/fixtures/tiny-beir'),
  out: path.join(data, 'tiny.sqlite'),
  chunker: 'structure:40',
  embedder: createHashEmbedder(64),
  cacheFile: path.join(tmp, 'cache.sqlite'),
});
const catalog = new IndexCatalog(data);
const log = await QueryLog.open(path.join(tmp, 'log'));
const deps = { catalog, corporaRoot: tmp, cacheDir: tmp };
const apps = { off: createApp(deps), on: createApp({ ...deps, queryLog: log }) };
const texts = ['install harbor on linux', 'session token expired', 'reset password', 'storage quota', 'E1042'];
const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
for (let i = 0; i < searches; i++) {
  for (const mode of i % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
    const q = encodeURIComponent(texts[i % texts.length]!);
    const start = performance.now();
    const res = await apps[mode].request(`/search/bm25?index=tiny&q=${q}&k=10`);
    await res.text();
    times[mode].push(performance.now() - start);
  }
}
await log.close();
await catalog.close();
const [off, on] = [median(times.off), median(times.on)];
console.log(`\n${searches} searches each, alternating, in process (app.request):\n`);
console.log(
  mdTable(
    ['', 'p50 ms', 'ratio'],
    [
      ['no log', ms(off), '1.00'],
      ['--log-queries', ms(on), ratio(on, off)],
    ],
  ),
);

// 2. The demo log, scale times over.
const big = path.join(tmp, 'big');
fs.mkdirSync(big);
const demo = path.join(ROOT, 'corpora/demo/traffic');
for (const file of fs.readdirSync(demo).filter((f) => f.endsWith('.jsonl'))) {
  const lines = fs.readFileSync(path.join(demo, file), 'utf8').split('\n').filter(Boolean);
  const out = fs.openSync(path.join(big, file), 'w');
  for (let copy = 0; copy < scale; copy++)
    fs.writeSync(out, lines.map((l) => l.replace(/"query_id":"([^"]+)"/, `"query_id":"$1-${copy}"`)).join('\n') + '\n');
  fs.closeSync(out);
}
const bytes = fs.readdirSync(big).reduce((n, f) => n + fs.statSync(path.join(big, f)).size, 0);
const step = async <T>(name: string, run: () => T | Promise<T>): Promise<[string, string, T]> => {
  const start = performance.now();
  const result = await run();
  return [name, ms(performance.now() - start), result];
};
const [r1, t1, traffic] = await step('readTraffic', () => readTraffic([big]));
const [r2, t2] = await step('sampleQuerySet (pps, n 200)', () =>
  sampleQuerySet(traffic, path.join(tmp, 'set'), { method: 'pps', n: 200, seed: 7 }),
);
const [r3, t3] = await step(`judgeClicks (coec, min ${DEFAULT_MIN_IMPRESSIONS})`, () =>
  judgeClicks(traffic, path.join(tmp, 'set/qrels/test.tsv'), {
    model: 'coec',
    minImpressions: DEFAULT_MIN_IMPRESSIONS,
  }),
);
console.log(
  `\nThe demo log ${scale} times over: ${traffic.searches.length} searches, ${traffic.events.length} events, ` +
    `${(bytes / 1e6).toFixed(0)} MB:\n`,
);
console.log(
  mdTable(
    ['step', 'ms'],
    [
      [r1, t1],
      [r2, t2],
      [r3, t3],
    ],
  ),
);
console.log(`\npeak resident memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
fs.rmSync(tmp, { recursive: true, force: true });
