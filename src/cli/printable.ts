/**
 * Characters a terminal acts on rather than shows: C0 and C1 controls and DEL (ESC starts a
 * colour or cursor sequence, BEL rings, CR overwrites the line, 0x9B is a one-byte CSI), the
 * Unicode line and paragraph separators, and the bidirectional overrides and isolates that
 * reorder what is shown ("Trojan Source", CVE-2021-42574).
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

function asEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * User-supplied text (a note, a judge's name, a query, an id, a document's title or text) as the
 * CLI prints it: every UNPRINTABLE character written as `\uXXXX`, so what someone typed or a
 * corpus holds cannot ring, recolour, erase or forge lines on the terminal or in a log that
 * captures the output. Every CLI print of such text passes through here; the stored text is
 * left as it was.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, asEscape);
}

/**
 * A message of several lines (an error with its usage) as printable does, line feeds and tabs
 * kept: for whole messages that may quote user text, such as the CLI's error line.
 */
export function printableLines(text: string): string {
  return text.replace(UNPRINTABLE, (c) => (c === '\n' || c === '\t' ? c : asEscape(c)));
}
