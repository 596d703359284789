import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors.js';
import { CLASSIC_COLUMNS, parseColumns } from '../../../src/web/playground/column-specs.js';

const refused = (values: string[]) => {
  try {
    parseColumns(values);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where.field).toBe('col');
    return (err as InputError).detail;
  }
  throw new Error(`accepted ${JSON.stringify(values)}`);
};

describe('parseColumns (the `col` parameters)', () => {
  it('none, or only empty fields (a form sends them): the classic BM25, dense and hybrid', () => {
    expect(parseColumns([])).toBe(CLASSIC_COLUMNS);
    expect(parseColumns(['', '  ', '', ''])).toBe(CLASSIC_COLUMNS);
    expect(CLASSIC_COLUMNS.map((c) => c.retriever)).toEqual(['bm25', 'dense', 'hybrid']);
    expect(CLASSIC_COLUMNS.every((c) => c.index === undefined)).toBe(true);
  });

  it('[INDEX:]RETRIEVER[:KNOB=VALUE;…], blanks skipped', () => {
    expect(parseColumns(['tiny:bm25', '', 'hybrid', 'other:hybrid:fusion=score; alpha=0.7', ':dense:k=5'])).toEqual([
      { index: 'tiny', retriever: 'bm25', knobs: {}, text: 'tiny:bm25' },
      { retriever: 'hybrid', knobs: {}, text: 'hybrid' },
      {
        index: 'other',
        retriever: 'hybrid',
        knobs: { fusion: 'score', alpha: '0.7' },
        text: 'other:hybrid:fusion=score; alpha=0.7',
      },
      { retriever: 'dense', knobs: { k: '5' }, text: ':dense:k=5' },
    ]);
  });

  it('one column, or five, is refused with the number given and how to get the classic view', () => {
    expect(refused(['tiny:bm25'])).toBe(
      'pick 2 to 4 columns to compare (got 1); leave them all empty for BM25, dense and hybrid side by side',
    );
    expect(refused(['bm25', 'dense', 'hybrid', 'bm25', 'dense'])).toMatch(/^pick 2 to 4 columns to compare \(got 5\)/);
  });

  it('an unknown retriever or knob, or a knob without a value, names the column', () => {
    expect(refused(['tiny:bm25', 'tiny:splade'])).toMatch(
      /^column 2 "tiny:splade": unknown retriever "splade"; one of bm25, dense, hybrid/,
    );
    expect(refused(['bm25', 'tiny:bm25:kk=3'])).toMatch(
      /^column 2 "tiny:bm25:kk=3": unknown parameter "kk"; a column sets k, /,
    );
    expect(refused(['bm25:k=3', 'dense'])).toMatch(/^column 1 "bm25:k=3": unknown retriever "k=3"/);
    expect(refused(['tiny:bm25:k', 'dense'])).toMatch(/"k" has no value: write k=VALUE/);
    expect(refused(['tiny:bm25:k=', 'dense'])).toMatch(/"k" has no value/);
    // filter is JSON, which the syntax would split: the form's filter field sets it for every column
    expect(refused(['tiny:bm25:filter={}', 'dense'])).toMatch(/unknown parameter "filter"/);
  });
});
