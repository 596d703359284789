/** Minimal declarations for wink-nlp-utils 2.1.0 (it ships none): only the stemmer is used. */
declare module 'wink-nlp-utils' {
  const nlpUtils: {
    string: {
      /** Porter2 (Snowball English) stemmer, via wink-porter2-stemmer. */
      stem(word: string): string;
    };
  };
  export = nlpUtils;
}
