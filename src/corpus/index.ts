// Public API of the corpus module: corpus sources, gold-set readers and the helpers they share.
export type { Doc, Query, Qrels } from './types.js';
export { openCorpus, type CorpusKind, type CorpusSource } from './open-corpus.js';
export { hashFiles } from './content-hash.js';
export { beirPaths, type BeirPaths } from './beir-paths.js';
export { readQueries } from './read-queries.js';
export { readQrels } from './read-qrels.js';
export { readBeirCorpus, BEIR_CORPUS_FILE } from './beir-corpus.js';
export { readJsonlCorpus, type CorpusReadOptions } from './jsonl-corpus.js';
export { readFolderCorpus, readFolderDoc } from './folder-corpus.js';
export { listFolderFiles, folderDocId, FOLDER_EXTENSIONS } from './folder-files.js';
export { markdownTitle } from './markdown-title.js';
export { readJsonl, type JsonlRecord } from './read-jsonl.js';
export { readLines, splitLines, type Line } from './read-lines.js';
