import { detectLanguage } from '../analysis/detect-language.js';
import type { Doc } from '../corpus/types.js';
import { analysisIgnoresLanguage, isPreAnalyzed, type TokenizerName } from '../store/tokenizers.js';

/**
 * Which documents a build detects the language of: `every` one without a given language, a
 * `sample` of them, or `none`.
 */
export type LanguageDetection = 'every' | 'sample' | 'none';

/**
 * A sample's first documents, all detected (a small corpus is detected whole), then one in
 * SAMPLE_EVERY: about 1 µs a document against ~100 µs for detecting each.
 */
export const SAMPLE_FIRST = 1000;
export const SAMPLE_EVERY = 100;

/** The sample rule in words, as an index built with it records it. */
export const SAMPLE_RULE = `the first ${SAMPLE_FIRST} documents, then one in ${SAMPLE_EVERY}`;

/** Whether document `index` (0-based, in corpus order) is in the sample. */
export function inLanguageSample(index: number): boolean {
  return index < SAMPLE_FIRST || index % SAMPLE_EVERY === 0;
}

/**
 * Which documents a build detects: as asked (`detect` true: every one, false: none), else every
 * one when the tokenizer analyses each document in its language, and only a sample (for the
 * index's languages summary) when its analysis is the same in every language: detection took
 * 27% of a million-document build with the english tokenizer, for a result nothing read.
 */
export function languageDetection(tokenizer: TokenizerName, detect: boolean | undefined): LanguageDetection {
  if (detect !== undefined) return detect ? 'every' : 'none';
  return isPreAnalyzed(tokenizer) && !analysisIgnoresLanguage(tokenizer) ? 'every' : 'sample';
}

/** A document's `metadata.language` (or `lang`) when the corpus gives one, lower-case; else undefined. */
export function givenLanguage(doc: Doc): string | undefined {
  const given = doc.metadata?.language ?? doc.metadata?.lang;
  return typeof given === 'string' && given.trim() !== '' ? given.trim().toLowerCase() : undefined;
}

/** What a document's language is detected from: its title and the start of its text. */
export function detectionText(doc: Doc): string {
  return `${doc.title}\n${doc.text.slice(0, 1000)}`;
}

/**
 * A document's language: its given language, else detected (detectionText) when `detect` is on;
 * undefined when unknown.
 */
export function documentLanguage(doc: Doc, detect: boolean): string | undefined {
  const given = givenLanguage(doc);
  if (given !== undefined || !detect) return given;
  return detectLanguage(detectionText(doc));
}
