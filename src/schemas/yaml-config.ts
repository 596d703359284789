import { isMap, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { InputError } from '../errors.js';
import { closestName } from '../did-you-mean.js';

/** What a config file is called in messages, and the keys its top level may have (for "did you mean"). */
export interface YamlConfigKind {
  /** `an experiment config`: says what the file must be (`... must be a YAML mapping`). */
  what: string;
  topKeys: readonly string[];
}

/**
 * Reads a YAML config file's text and validates it with `schema`. Errors name the file, the line
 * and the key (`experiments/x.yaml:12 (field "grid.retrievers.1.mode")`), so a typo is found at
 * once: invalid YAML at the parser's position, a schema issue at the line of the value (or of
 * the unknown key) it is about.
 */
export function parseYamlConfig<T>(
  source: string,
  file: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  kind: YamlConfigKind,
): T {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const line = lineCounter.linePos(yamlError.pos[0]).line;
    // The parser recurses per nesting level and reports running out of stack as a YAML error;
    // say what the input did rather than what the parser ran out of.
    const message = /call stack/i.test(yamlError.message)
      ? 'nested too deeply to parse (a config needs a handful of levels; this one has thousands)'
      : yamlError.message.split('\n')[0];
    throw new InputError(`invalid YAML: ${message}`, { file, ...(line && { line }) });
  }
  if (!isMap(doc.contents)) throw new InputError(`${kind.what} must be a YAML mapping`, { file, line: 1 });
  const parsed = schema.safeParse(yamlToJs(doc, file));
  if (parsed.success) return parsed.data;
  const issue = firstIssue(parsed.error.issues);
  const keyPath = issue.path.map(String);
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const node = doc.getIn(issue.path, true) as { range?: [number, number] } | undefined;
  const keyNode = locateKey(doc, issue.path, unknown[0]);
  const offset = keyNode ?? node?.range?.[0];
  const line = offset !== undefined ? lineCounter.linePos(offset).line : undefined;
  const field = [...keyPath, ...unknown.slice(0, 1)].join('.') || undefined;
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}${didYouMean(unknown[0]!, issue.path, parsed.error.issues, kind.topKeys)}`
      : issue.message;
  throw new InputError(message, { file, ...(line && { line }), ...(field && { field }) });
}

/**
 * Aliases are expanded only here, not while parsing, so nested aliases (`b: [*a, *a, ...]`,
 * "billion laughs") are caught here: the limit is set explicitly rather than left to the
 * library's default, and its error (like any other from building the value) becomes a 400
 * naming the problem instead of an internal error.
 */
const MAX_ALIAS_COUNT = 100;

function yamlToJs(doc: ReturnType<typeof parseDocument>, file: string): unknown {
  let value: unknown;
  let recursive: boolean;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    recursive = containsItself(value);
  } catch (err) {
    const message = (err as Error).message.split('\n')[0] ?? '';
    if (/excessive alias count/i.test(message))
      throw new InputError(
        `invalid YAML: aliases expand to too many nodes (limit ${MAX_ALIAS_COUNT}), as in an alias bomb`,
        { file },
      );
    throw new InputError(`invalid YAML: ${message}`, { file });
  }
  // `a: &x [*x]` is valid YAML and builds a value that contains itself; no config field means
  // that, and code that walks the value (hashing, JSON) would recurse until it throws.
  if (recursive)
    throw new InputError('invalid YAML: an alias refers to a node that contains it (a recursive value)', { file });
  return value;
}

function containsItself(value: unknown, open = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (open.has(value)) return true;
  open.add(value);
  const found = Object.values(value).some((v) => containsItself(v, open));
  open.delete(value);
  return found;
}

/**
 * The issue to report: an unknown key before anything else, because a misspelt key (`gird:`)
 * also makes the key it stands for missing, and "grid: Required" hides the typo that caused it.
 */
function firstIssue(issues: z.ZodIssue[]): z.ZodIssue {
  return issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
}

/**
 * `; did you mean "grid"?` when an unknown key is a typo of a key the same mapping is missing
 * (closestName's rule), or, at the top level, of any key a config may have; else nothing.
 */
function didYouMean(key: string, at: (string | number)[], issues: z.ZodIssue[], topKeys: readonly string[]): string {
  const sameMapping = (i: z.ZodIssue) => i.path.length === at.length + 1 && at.every((p, n) => i.path[n] === p);
  const missing = issues
    .filter((i) => i.code === 'invalid_type' && i.received === 'undefined' && sameMapping(i))
    .map((i) => String(i.path[at.length]));
  const known = at.length === 0 ? [...missing, ...topKeys] : missing;
  const guess = closestName(key, known);
  return guess ? `; did you mean "${guess}"?` : '';
}

/** Offset of an unknown key inside the mapping at `path`, for a line number. */
function locateKey(
  doc: ReturnType<typeof parseDocument>,
  at: (string | number)[],
  key: string | undefined,
): number | undefined {
  if (key === undefined) return undefined;
  const parent = (at.length ? doc.getIn(at, true) : doc.contents) as unknown;
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
  return (pair?.key as { range?: [number, number] } | undefined)?.range?.[0];
}
