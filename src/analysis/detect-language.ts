import { eld } from 'eld/small';

/**
 * The language of a text (ISO 639-1), or undefined when the detector is not confident: short
 * strings such as an error code say nothing about their language, and a wrong guess would pick
 * the wrong stemmer. Uses the `eld` detector's small model (n-gram based, offline).
 */
export function detectLanguage(text: string): string | undefined {
  const sample = text.length > 2000 ? text.slice(0, 2000) : text;
  const result = eld.detect(sample);
  return result.language && result.isReliable() ? result.language : undefined;
}
