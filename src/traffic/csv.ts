/** One CSV record: the line it starts on (a quoted field may span lines) and its fields. */
export interface CsvRow {
  line: number;
  fields: string[];
  /** False when the text ended inside this row's quotes: a file cut short mid-row. */
  closed: boolean;
}

const QUOTE = '"';

/**
 * Parses CSV text as RFC 4180 describes it: fields split on commas, a field in double quotes may
 * hold commas, line breaks and doubled quotes. Rows end at LF or CRLF; blank lines are skipped
 * (editors leave them at the end) but still counted, so line numbers match an editor. No column
 * count is checked here: the caller knows the header and decides what a short row means.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const fields: string[] = [];
    let closed = true;
    let quotedAny = false;
    for (;;) {
      let field = '';
      if (text[at] === QUOTE) {
        quotedAny = true;
        at += 1;
        let ended = false;
        while (at < text.length) {
          const c = text[at];
          if (c === QUOTE && text[at + 1] === QUOTE) {
            field += QUOTE;
            at += 2;
          } else if (c === QUOTE) {
            at += 1;
            ended = true;
            break;
          } else {
            if (c === '\n') line += 1;
            field += c;
            at += 1;
          }
        }
        if (!ended) closed = false;
      }
      // Unquoted text (or stray text after a closing quote) runs to the next comma or line end.
      while (at < text.length && text[at] !== ',' && text[at] !== '\n') {
        if (!(text[at] === '\r' && text[at + 1] === '\n')) field += text[at];
        at += 1;
      }
      fields.push(field);
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === '\n') {
        at += 1;
        line += 1;
      }
      break;
    }
    const blank = fields.length === 1 && fields[0] === '' && !quotedAny;
    if (!blank) rows.push({ line: start, fields, closed });
  }
  return rows;
}
