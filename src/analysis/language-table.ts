/**
 * What the multilingual analyser does per language (ISO 639-1 code):
 * - `stemmer`: the Snowball algorithm (npm `snowball-stemmers`) used when stemming is on;
 *   languages without one (zh, ja, th, hi, el, vi, ...) are not stemmed.
 * - `keepDiacritics`: for most languages accents are folded ("café" = "cafe"), because users
 *   type them inconsistently; in Vietnamese the marks tell different words apart, so they stay.
 */
export interface LanguageRules {
  stemmer?: string;
  keepDiacritics?: boolean;
}

export const LANGUAGES: Record<string, LanguageRules> = {
  ar: { stemmer: 'arabic' },
  ca: { stemmer: 'catalan' },
  cs: { stemmer: 'czech' },
  da: { stemmer: 'danish' },
  de: { stemmer: 'german' },
  en: { stemmer: 'english' },
  es: { stemmer: 'spanish' },
  eu: { stemmer: 'basque' },
  fi: { stemmer: 'finnish' },
  fr: { stemmer: 'french' },
  ga: { stemmer: 'irish' },
  hu: { stemmer: 'hungarian' },
  hy: { stemmer: 'armenian' },
  it: { stemmer: 'italian' },
  nl: { stemmer: 'dutch' },
  no: { stemmer: 'norwegian' },
  pt: { stemmer: 'portuguese' },
  ro: { stemmer: 'romanian' },
  ru: { stemmer: 'russian' },
  sl: { stemmer: 'slovene' },
  sv: { stemmer: 'swedish' },
  ta: { stemmer: 'tamil' },
  tr: { stemmer: 'turkish' },
  vi: { keepDiacritics: true },
};

export function rulesFor(lang: string | undefined): LanguageRules {
  return (lang && LANGUAGES[lang.toLowerCase().slice(0, 2)]) || {};
}
