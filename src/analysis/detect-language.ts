import type { eld as Eld } from 'eld/small';

/**
 * The `eld` detector's small model (n-gram based, offline), loaded on first need rather than at
 * import: its n-gram tables take about 0.4 s to load, which a search over an index whose analysis
 * ignores language (the english tokenizer) never needs, and a CLI search is meant to take under
 * half a second. Whatever will detect (a build, a search over a multilingual index) awaits
 * languageDetectorReady() first; detectLanguage itself stays synchronous.
 */
let detector: typeof Eld | undefined;
let loading: Promise<void> | undefined;

/** Loads the detector once per process; resolves when detectLanguage can be called. */
export function languageDetectorReady(): Promise<void> {
  loading ??= import('eld/small').then((m) => {
    detector = m.eld;
  });
  return loading;
}

/** Whether the detector has loaded (languageDetectorReady resolved): detectLanguage can be called. */
export function languageDetectorLoaded(): boolean {
  return detector !== undefined;
}

/**
 * The language of a text (ISO 639-1), or undefined when the detector is not confident: short
 * strings such as an error code say nothing about their language, and a wrong guess would pick
 * the wrong stemmer. Throws when languageDetectorReady() has not resolved: a caller that forgot
 * it must fail loudly, never silently treat every text as undetected.
 */
export function detectLanguage(text: string): string | undefined {
  if (!detector) throw new Error('the language detector is not loaded: await languageDetectorReady() first');
  const sample = text.length > 2000 ? text.slice(0, 2000) : text;
  const result = detector.detect(sample);
  return result.language && result.isReliable() ? result.language : undefined;
}
