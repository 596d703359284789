// Run by long-line-memory.test.ts in a child process under a heap limit: reads the corpus at
// argv[2] as a build does (openCorpus, then each document through structure:200) and prints the
// documents, the chunks and the longest chunk. An out-of-memory crash shows as a non-zero exit.
import { parseChunker } from '../../src/chunking/index.js';
import { openCorpus } from '../../src/corpus/index.js';

const chunker = parseChunker('structure:200');
let docs = 0;
let chunks = 0;
let longest = 0;
for await (const doc of (await openCorpus(process.argv[2]!)).docs()) {
  docs++;
  for (const c of chunker.chunk(doc)) {
    chunks++;
    longest = Math.max(longest, c.end - c.start);
  }
}
process.stdout.write(JSON.stringify({ docs, chunks, longest }));
