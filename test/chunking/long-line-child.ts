// Run by long-line-memory.test.ts in a child process under a heap limit: chunks one single-line
// document of MB megabytes with each SPEC and prints, per spec, the chunk count and the longest
// chunk. An out-of-memory crash shows as a non-zero exit.
import { parseChunker } from '../../src/chunking/index.js';

const [mb = '40', kind = 'words', ...specs] = process.argv.slice(2);
const size = Number(mb) * 1_000_000;
const unit = kind === 'token' ? 'x' : 'alpha beta gamma delta epsilon zeta eta theta ';
// slice() of a repeat flattens it once: the document is one flat string, as a parsed one is.
const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const results = specs.map((spec) => {
  const chunker = parseChunker(spec);
  let longest = 0;
  let chunks = 0;
  for (const c of chunker.chunk({ id: 'big', title: '', text })) {
    longest = Math.max(longest, c.end - c.start);
    chunks++;
  }
  return { spec, chunks, longest, maxChars: chunker.maxChars };
});
process.stdout.write(JSON.stringify(results));
