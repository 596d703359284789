import { InputError } from '../errors.js';

/**
 * Where a value sits in a JSON response, written as users write it in jq or lodash:
 * `hits.hits`, `result.points`, `data[0].embedding`, `_source.doc_id`, `["weird.key"]`.
 * Steps are `.name` (letters, digits, _ $ - @), `[n]` (an array index) and `["any key"]`; the
 * leading dot is optional and `` (empty) is the value itself. No wildcards or filters: a hit list
 * is one path to an array, and each field one path inside a hit.
 */
export type JsonPath = readonly (string | number)[];

const STEP = /^(?:\.?([A-Za-z_$@][\w$@-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\])/;

export function parseJsonPath(text: string, field = 'path'): JsonPath {
  const steps: (string | number)[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    const m = STEP.exec(rest);
    if (!m)
      throw new InputError(`${field}: cannot read "${rest}" in path "${text}"; write steps as a.b, [0] or ["key"]`);
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else steps.push(JSON.parse(`"${m[3]!}"`) as string);
    rest = rest.slice(m[0].length);
  }
  return steps;
}

/** The value at `path`, or undefined when any step is missing (a number step on a non-array too). */
export function getPath(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(v)) return undefined;
      v = v[step];
    } else {
      if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, step)) return undefined;
      v = (v as Record<string, unknown>)[step];
    }
  }
  return v;
}

/** The path as written back, for messages. */
export function formatJsonPath(path: JsonPath): string {
  return (
    path
      .map((s, i) =>
        typeof s === 'number'
          ? `[${s}]`
          : /^[A-Za-z_$@][\w$@-]*$/.test(s)
            ? `${i ? '.' : ''}${s}`
            : `[${JSON.stringify(s)}]`,
      )
      .join('') || '(the whole body)'
  );
}
