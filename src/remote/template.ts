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

export function fillJsonTemplate(template: unknown, values: TemplateValues, what: string): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return valueFor(whole[1]!, values, what);
    return template.replace(INSIDE, (_, name: string) => asText(valueFor(name, values, what)));
  }
  if (Array.isArray(template)) return template.map((t) => fillJsonTemplate(t, values, what));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, t]) => [key, fillJsonTemplate(t, values, what)]));
  }
  return template;
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
  const walk = (t: unknown): void => {
    if (typeof t === 'string') for (const m of t.matchAll(INSIDE)) names.add(m[1]!);
    else if (Array.isArray(t)) t.forEach(walk);
    else if (t !== null && typeof t === 'object') Object.values(t).forEach(walk);
  };
  walk(template);
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
