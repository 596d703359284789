import path from 'node:path';
import type { Embedder } from '../../src/embedders/types.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';

/**
 * Seven documents, chunked six words at a time: a 12-word text is two chunks (`#0`, `#1`), a
 * 6-word text one. Every chunk says "password" (a different number of times), so a query for
 * it matches every chunk with distinct-ish scores. `language` in metadata is what the index
 * stores as the chunk language (lower-cased); d5 has no metadata, hence no language either.
 */
export const FILTER_DOCS = [
  {
    _id: 'd1',
    text: 'password reset help for the portal. password password login steps are here',
    metadata: { language: 'en', year: 2020, type: 'faq', draft: false, source: { kind: 'web' } },
  },
  {
    _id: 'd2',
    text: 'Passwort zurücksetzen bitte jetzt password hilfe. password seite für alle nutzer hier',
    metadata: { language: 'de', year: '2020', type: 'howto', draft: true, source: { kind: 'book' } },
  },
  {
    _id: 'd3',
    text: 'password password password policy for admins',
    metadata: { language: 'en', year: 2021, type: 'faq', draft: true },
  },
  {
    _id: 'd4',
    text: 'mot de passe password oublié aide. la page password password password ici',
    metadata: { language: 'fr', year: 2022, type: 'news', draft: 1, source: 'web', 'we"ird': 'x', 'p)': 1 },
  },
  { _id: 'd5', text: 'a password without any metadata at all. just text and one password' },
  { _id: 'd6', text: 'kennwort password regeln für die firma', metadata: { language: 'de', year: null, type: 'FAQ' } },
  {
    _id: 'd7',
    text: 'password expiry in mid year. rotate the password every ninety days',
    metadata: { language: 'en', year: 2020.5, type: 'faq' },
  },
];
export const CHUNK_COUNT: Record<string, number> = { d1: 2, d2: 2, d3: 1, d4: 2, d5: 2, d6: 1, d7: 2 };
/** The ids of the documents' chunks, in order. */
export const chunksOf = (docIds: string[]): string[] =>
  docIds.flatMap((d) => Array.from({ length: CHUNK_COUNT[d]! }, (_, i) => `${d}#${i}`));

/** Builds the fixture's index in `dir` and returns its file. */
export async function buildFilterIndex(dir: string, embedder: Embedder | 'none'): Promise<string> {
  const corpus = path.join(dir, 'corpus.jsonl');
  const out = path.join(dir, 'index.sqlite');
  writeJsonl(corpus, FILTER_DOCS);
  await buildIndex({ corpus, out, chunker: 'words:6', embedder, tokenizer: 'unicode61', detectLanguage: false });
  return out;
}
