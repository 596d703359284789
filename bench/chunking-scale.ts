/**
 * Is chunking linear in its input? Times each chunker on 500 and 5,000 SciFact-sized abstracts,
 * and on one 500 kB and one 5 MB document, and prints the large/small ratio: about 10 for linear
 * work, about 100 for a quadratic step. This was a wall-clock test in `npm test` until a loaded
 * machine failed a correct chunker (48.7x against a 40x bound); the suite now checks the chunks
 * themselves (test/chunking/performance.test.ts) and the timing lives here.
 *
 *   npx tsx bench/chunking-scale.ts
 */
import { docs, joined } from '../test/chunking/abstracts-corpus.js';
import { parseChunker } from '../src/chunking/index.js';

/** Best of five runs after one warm-up: the run least disturbed by whatever shares the cores. */
const timeMs = (run: () => void) => {
  run();
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
};

console.log('| chunker | input | small ms | large ms | large / small (linear ≈ 10) |');
console.log('|---|---|---:|---:|---:|');
for (const spec of ['doc', 'words:200:50', 'sentences:5:1', 'structure:64']) {
  const chunker = parseChunker(spec);
  const small = timeMs(() => docs.slice(0, 500).forEach((d) => chunker.chunk(d)));
  const large = timeMs(() => docs.forEach((d) => chunker.chunk(d)));
  console.log(
    `| ${spec} | 500 vs 5,000 abstracts | ${small.toFixed(1)} | ${large.toFixed(1)} | ${(large / small).toFixed(1)} |`,
  );
}
const small = joined(300);
const large = joined(3000);
for (const spec of ['words:200:50', 'sentences:5:1', 'structure:64', 'structure:100000']) {
  const chunker = parseChunker(spec);
  const s = timeMs(() => chunker.chunk({ id: 'small', title: '', text: small }));
  const l = timeMs(() => chunker.chunk({ id: 'big', title: '', text: large }));
  console.log(
    `| ${spec} | one 500 kB vs one 5 MB document | ${s.toFixed(1)} | ${l.toFixed(1)} | ${(l / s).toFixed(1)} |`,
  );
}
