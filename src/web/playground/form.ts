import { SEARCH_PARAM_NAMES, type SearchParamName } from '../../search/request-params.js';

/**
 * The playground's parameters exactly as typed, so the form can be redrawn with them: every
 * search parameter (the rows of pipeline/shorthand-rows.ts, with index and q) and the gold-set
 * fields.
 */
export type PlaygroundForm = Record<SearchParamName, string> & {
  /** A qrels path inside the corpora root: the gold set whose judged hits are marked. */
  qrels: string;
  /** The query id of that gold set; with an empty q its text is searched. */
  qid: string;
  /**
   * The columns to compare, as typed (`col`, repeated: column-specs.ts); none means the classic
   * three. Apart from FORM_FIELDS, as the one parameter that is given more than once.
   */
  col?: readonly string[];
};

/** The search parameters among the form fields (what goes to parseSearchParams): the one parameter table's. */
const SEARCH_FIELDS: readonly SearchParamName[] = SEARCH_PARAM_NAMES;

export const FORM_FIELDS: readonly (SearchParamName | 'qrels' | 'qid')[] = [...SEARCH_FIELDS, 'qrels', 'qid'];

/** The form from a query string's values; `col`, which repeats, comes as its list. */
export function readForm(query: Record<string, string | undefined>, col: readonly string[] = []): PlaygroundForm {
  const form = {} as PlaygroundForm;
  for (const f of FORM_FIELDS) form[f] = query[f] ?? '';
  form.col = col;
  return form;
}

/**
 * The non-blank search parameters. A blank field means "the default", as an HTML form sends
 * every field whether the user filled it or not.
 */
export function searchParams(form: PlaygroundForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of SEARCH_FIELDS) if (form[f].trim() !== '') out[f] = f === 'q' ? form[f] : form[f].trim();
  return out;
}

/** A playground URL for a form: blank fields left out, so links stay short and readable. */
export function playgroundUrl(form: Partial<PlaygroundForm>): string {
  const params = new URLSearchParams();
  for (const f of FORM_FIELDS) {
    const v = form[f];
    if (v !== undefined && v.trim() !== '') params.set(f, v);
  }
  for (const c of form.col ?? []) if (c.trim() !== '') params.append('col', c);
  const qs = params.toString();
  return qs ? `/?${qs}` : '/';
}
