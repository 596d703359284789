import { describe, expect, it } from 'vitest';
import { createMultilingualAnalyzer } from '../../src/analysis/multilingual-analyzer.js';
import { stopWordsFor } from '../../src/analysis/stop-words.js';

describe('stopWordsFor', () => {
  it('normalises the list as the analyser normalises text: "für" is listed as "fur" in German', () => {
    const de = stopWordsFor('de')!;
    expect(de.has('fur')).toBe(true);
    expect(de.has('für')).toBe(false);
    // Vietnamese keeps its diacritics, so its list keeps them too.
    expect(stopWordsFor('vi')!.has('của')).toBe(true);
  });

  it('leaves out entries that can never be one term: "aujourd\'hui", Vietnamese "bao giờ"', () => {
    expect(stopWordsFor('fr')!.has("aujourd'hui")).toBe(false);
    expect([...stopWordsFor('vi')!].some((w) => w.includes(' '))).toBe(false);
  });

  it('never lists numbers (the Spanish list has 0-9)', () => {
    expect(stopWordsFor('es')!.has('3')).toBe(false);
    expect(stopWordsFor('es')!.has('de')).toBe(true);
  });

  it('has no list for an unknown language, nor for Chinese or Japanese (all Han/kana or digits)', () => {
    expect(stopWordsFor(undefined)).toBeUndefined();
    expect(stopWordsFor('und')).toBeUndefined();
    expect(stopWordsFor('zh')).toBeUndefined();
    expect(stopWordsFor('ja')).toBeUndefined();
  });
});

describe('createMultilingualAnalyzer({ stopwords: true })', () => {
  const stop = createMultilingualAnalyzer({ stopwords: true });
  const plain = createMultilingualAnalyzer();

  it('is off by default', () => {
    expect(plain('die Pakete', 'de')).toEqual(['die', 'paket']);
  });

  // Worked examples: each word normalised (lower case, accents folded), dropped if listed,
  // else stemmed with the language's Snowball stemmer.
  it('German: wie, ich, mein and zurück (folded to zuruck) are dropped; setze -> setz', () => {
    expect(stop('Wie setze ich mein Passwort zurück?', 'de')).toEqual(['setz', 'passwort']);
  });

  it("French: comment, votre, mot, de and the elided l' are dropped; changer -> chang", () => {
    // "passe" goes too: the list has "passé", which folds to "passe". So "mot de passe"
    // (password) vanishes whole, one reason the step is opt-in.
    expect(stop('Comment changer votre mot de passe ?', 'fr')).toEqual(['chang']);
    expect(stop("l'utilisateur", 'fr')).toEqual(stop('utilisateur', 'fr'));
  });

  it('Spanish: la, de, los are dropped; contraseña -> contrasena -> contrasen, usuarios -> usuari', () => {
    expect(stop('La contraseña de los usuarios', 'es')).toEqual(['contrasen', 'usuari']),
      // "cómo" and its unaccented spelling meet after folding.
      expect(stop('cómo como', 'es')).toEqual([]);
  });

  it('matches before stemming: a word that only stems to a stop word stays', () => {
    // "dies" is a German stop word; "dieser" too, but "Diesel" stems to "diesel" and stays.
    expect(stop('Diesel', 'de')).toEqual(['diesel']);
  });

  it('leaves Chinese bigrams alone: 的 is a listed stop word, yet 我的 / 的密 stay', () => {
    expect(stop('我的密码', 'zh')).toEqual(plain('我的密码', 'zh'));
    expect(stop('我的密码', 'zh')).toEqual(['我的', '的密', '密码']);
  });

  it('drops nothing when the language is unknown', () => {
    expect(stop('the die la', undefined)).toEqual(['the', 'die', 'la']);
  });

  it('a text made only of stop words gives no terms', () => {
    expect(stop('der die das und', 'de')).toEqual([]);
  });
});
