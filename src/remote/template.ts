import { InputError } from '../errors.js';

/**
 * Request templates of remote legs and rerankers: JSON with `{{name}}` placeholders. A string
 * that is exactly one placeholder becomes the value itself (`"size": "{{k}}"` sends the number,
 * `"filter": "{{filter}}"` the filter object); a placeholder inside a longer string is spliced in
 * as text (`"q": "title:{{query}}"`). In a URL every placeholder is spliced in, URL-encoded
 * (an absent value, null, as nothing).
 */
const WHOLE = /^\{\{\s*([A-Za-z_][\w]*)\s*\}\}$/;
const INSIDE = /\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;

export type TemplateValues = Readonly<Record<string, unknown>>;

/**
 * How deep a JSON template may nest (objects and arrays, the template itself level 1). Engines'
 * query DSLs nest a handful of levels; a client's 10,000-level template would otherwise overflow
 * the stack of every walk over it (a 500 before the allow-list is even consulted).
 */
export const MAX_TEMPLATE_DEPTH = 64;

/** The message for a template over MAX_TEMPLATE_DEPTH. */
export const TEMPLATE_TOO_DEEP = `a template may nest at most ${MAX_TEMPLATE_DEPTH} levels of objects and arrays`;

/**
 * Whether `template` nests objects and arrays deeper than MAX_TEMPLATE_DEPTH, found without
 * recursion (a schema refinement over client JSON, before any recursive walk sees it).
 */
export function templateTooDeep(template: unknown): boolean {
  const stack: [unknown, number][] = [[template, 1]];
  while (stack.length) {
    const [t, level] = stack.pop()!;
    if (t === null || typeof t !== 'object') continue;
    if (level > MAX_TEMPLATE_DEPTH) return true;
    for (const child of Object.values(t)) stack.push([child, level + 1]);
  }
  return false;
}

/** The template with its placeholders filled; InputError naming `what` for one too deep or naming an unknown placeholder. */
export function fillJsonTemplate(template: unknown, values: TemplateValues, what: string): unknown {
  const fill = (t: unknown, level: number): unknown => {
    if (typeof t === 'string') {
      const whole = WHOLE.exec(t);
      if (whole) return valueFor(whole[1]!, values, what);
      return t.replace(INSIDE, (_, name: string) => asText(valueFor(name, values, what)));
    }
    if (t === null || typeof t !== 'object') return t;
    if (level > MAX_TEMPLATE_DEPTH) throw new InputError(`${what}: ${TEMPLATE_TOO_DEEP}`);
    if (Array.isArray(t)) return t.map((c) => fill(c, level + 1));
    return Object.fromEntries(Object.entries(t).map(([key, c]) => [key, fill(c, level + 1)]));
  };
  return fill(template, 1);
}

export function fillUrlTemplate(template: string, values: TemplateValues, what: string): string {
  // A value we do not have (no query language, no query id) is left empty in a URL: `qlang=`,
  // not `qlang=null`, which an API would read as the language "null".
  return template.replace(INSIDE, (_, name: string) => {
    const v = valueFor(name, values, what);
    return v === null || v === undefined ? '' : encodeURIComponent(wellFormed(asText(v)));
  });
}

/** A lone surrogate (pasted text cut mid-character) as U+FFFD, as String.prototype.toWellFormed does: encodeURIComponent throws on one. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The placeholders a template uses, so a config naming one we never fill is refused when it is read. */
export function placeholdersOf(template: unknown): string[] {
  const names = new Set<string>();
  // A stack, not recursion: this runs on client JSON before its depth is known to be sane.
  const stack: unknown[] = [template];
  while (stack.length) {
    const t = stack.pop();
    if (typeof t === 'string') for (const m of t.matchAll(INSIDE)) names.add(m[1]!);
    else if (t !== null && typeof t === 'object') {
      const children = Object.values(t);
      // Pushed last to first, so names are listed in the order the template gives them.
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return [...names];
}

function valueFor(name: string, values: TemplateValues, what: string): unknown {
  if (!Object.hasOwn(values, name))
    throw new InputError(
      `${what}: the template names {{${name}}}; known placeholders are ${Object.keys(values)
        .map((n) => `{{${n}}}`)
        .join(', ')}`,
    );
  return values[name];
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}
