import { renderCompareCsv } from './compare-csv.js';
import { renderCompareJson } from './compare-json.js';
import { renderCompareLatex } from './compare-latex.js';
import { renderCompareMarkdown } from './compare-markdown.js';
import type { CompareTable } from './compare-table.js';

/** The output formats of a comparison, by the name `--format` takes. */
export type CompareFormat = 'md' | 'latex' | 'csv' | 'json';

export const COMPARE_FORMATS: Record<CompareFormat, (t: CompareTable) => string> = {
  md: renderCompareMarkdown,
  latex: renderCompareLatex,
  csv: renderCompareCsv,
  json: renderCompareJson,
};

export const COMPARE_FORMAT_NAMES = Object.keys(COMPARE_FORMATS) as CompareFormat[];

/** Formats that hold the verdict paragraph themselves; for the others (csv) the CLI prints it on stderr. */
export const HOLDS_VERDICT: Record<CompareFormat, boolean> = { md: true, latex: true, csv: false, json: true };
