/**
 * Child process for the interrupted-build test: starts a build through IndexCatalog, as
 * POST /indexes does, and prints its job's phase as `phase PHASE DONE` lines until the parent
 * kills it.
 *
 * Arguments: DATA_DIR NAME CORPUS CACHE_FILE.
 */
import { IndexCatalog } from '../../../src/serving/catalog/index-catalog.js';

const [dataDir, name, corpus, cacheFile] = process.argv.slice(2);
if (!dataDir || !name || !corpus || !cacheFile) {
  process.stderr.write('usage: catalog-build-child.ts DATA_DIR NAME CORPUS CACHE_FILE\n');
  process.exit(2);
}

const catalog = new IndexCatalog(dataDir);
const job = catalog.builds.start(name, { corpus, cacheFile, chunker: 'doc', embedder: 'hash:64', tokenizer: 'auto' });
const report = setInterval(() => {
  process.stdout.write(`phase ${job.progress.phase} ${job.progress.done}\n`);
  if (job.state !== 'running') {
    process.stdout.write(`finished ${job.state}\n`);
    clearInterval(report);
  }
}, 10);
