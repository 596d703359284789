/** Chunking: pure functions from a document to its passages, chosen by a spec string. */
export type { Chunker } from './chunker.js';
export { CHUNKER_FORMS, parseChunker, type ChunkerKind } from './parse-chunker.js';
export { countWords } from './words.js';
