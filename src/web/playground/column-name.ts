import type { Mode } from '../../search/types.js';
import type { Column } from './run-playground.js';

/** The retrievers as column headings name them. */
export const TITLES: Record<Mode, string> = { bm25: 'BM25', dense: 'Dense', hybrid: 'Hybrid' };

/** A column as the page names it: its retriever, and its index when the columns were picked. */
export const columnName = (c: Pick<Column, 'mode' | 'spec' | 'index'>): string =>
  `${TITLES[c.mode]}${c.spec === undefined ? '' : ` on ${c.index}`}`;
