/** Declarations for wink-porter2-stemmer 2.0.1 (it ships none): one function, word -> stem. */
declare module 'wink-porter2-stemmer' {
  /** Porter2 (Snowball English) stemmer. */
  function stem(word: string): string;
  export = stem;
}
