/**
 * A language code as `lang` and `qlang` take it, over HTTP and on the command line alike: an
 * ISO 639 code (`de`, `zh`, `fil`), optionally with one subtag (`zh-Hant`, `pt-BR`). Anything
 * else (a language name, a typo with punctuation) is refused rather than silently matching no
 * document.
 */
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
