import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { sliceReport } from './hand-built-report.js';

/** The rows of a Markdown table below a heading: cells per row, header and separator left out. */
function tableUnder(md: string, heading: string): string[][] {
  const block = md.split(`${heading}\n\n`)[1]!.split('\n\n')[0]!;
  return block
    .split('\n')
    .slice(2)
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('Markdown slice tables', () => {
  it('bold exactly the maxima of each column, every tied maximum included', () => {
    const rows = tableUnder(renderMarkdown(sliceReport()), '### type=identifier (3 queries)');
    expect(rows).toEqual([
      ['`a`', '0.5000', '**0.9000**'],
      ['`b`', '**0.7000**', '**0.9000**'],
      ['`c`', '**0.7000**', '0.2000'],
    ]);
  });
});
