import { detectLanguage } from '../analysis/detect-language.js';
import type { Doc } from '../corpus/types.js';

/**
 * A document's language: its `metadata.language` (or `lang`) when the corpus gives one, else
 * detected from its title and the start of its text when `detect` is on; undefined when unknown.
 */
export function documentLanguage(doc: Doc, detect: boolean): string | undefined {
  const given = doc.metadata?.language ?? doc.metadata?.lang;
  if (typeof given === 'string' && given.trim() !== '') return given.trim().toLowerCase();
  if (!detect) return undefined;
  return detectLanguage(`${doc.title}\n${doc.text.slice(0, 1000)}`);
}
