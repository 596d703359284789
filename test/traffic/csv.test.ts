import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/traffic/csv.js';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, numbering rows by their first line', () => {
    const text = '\uFEFFa,b,c\n"x, y","say ""hi""","two\nlines"\n\nplain,,end\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'], closed: true },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'], closed: true },
      { line: 5, fields: ['plain', '', 'end'], closed: true },
    ]);
  });

  it('marks a row whose quote never closes, and keeps a last row without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'], closed: true },
      { line: 2, fields: ['1', '2'], closed: true },
    ]);
    expect(parseCsv('a,b\n1,"2\n3')).toEqual([
      { line: 1, fields: ['a', 'b'], closed: true },
      { line: 2, fields: ['1', '2\n3'], closed: false },
    ]);
  });

  it('keeps an empty quoted field as a row of its own', () => {
    expect(parseCsv('""\n')).toEqual([{ line: 1, fields: [''], closed: true }]);
  });
});
