import { jsx } from 'hono/jsx';
import { describe, expect, it } from 'vitest';
import { SliceCharts } from '../../src/web/experiments/report-charts.js';
import { sliceReport } from '../reports/hand-built-report.js';

describe("the report page's slice tables", () => {
  it('mark exactly the maxima of each column as best, every tied maximum included', () => {
    const html = String(jsx(SliceCharts, { report: sliceReport() }));
    const table = html.split('<h3>type=identifier (3 queries)</h3>')[1]!.split('</table>')[0]!;
    const rows = table
      .split('<tr>')
      .slice(2)
      .map((r) => [...r.matchAll(/<td( class="best")?>([\d.]+)/g)].map((m) => `${m[2]}${m[1] ? ' best' : ''}`));
    // ndcg@10: b and c tie at 0.7; mrr@10: a and b tie at 0.9 (see sliceReport)
    expect(rows).toEqual([
      ['0.5000', '0.9000 best'],
      ['0.7000 best', '0.9000 best'],
      ['0.7000 best', '0.2000'],
    ]);
    expect(table.match(/<span class="visually-hidden"> \(best\)<\/span>/g)).toHaveLength(4);
  });
});
