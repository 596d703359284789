import fs from 'node:fs';
import path from 'node:path';

/** The folders a server is given; the paths it answers with are written relative to them. */
export interface ServedRoots {
  data?: string;
  corpora?: string;
  results?: string;
  experiments?: string;
  /** The query log folder (`testbed serve --log-queries DIR`): traffic jobs name its files in what they drop. */
  logs?: string;
}

/** A served root as an absolute path (given, or resolved through links), and its name in messages. */
interface Root {
  dir: string;
  /** The root as the server's folder sees it (`corpora`), or its last segment when it lies elsewhere. */
  label: string;
}

/** Object keys whose string values are file or folder paths (job requests, index metadata, configs, run legs). */
const PATH_KEYS: ReadonlySet<string> = new Set([
  'corpus',
  'queries',
  'qrels',
  'path',
  'output',
  'file',
  'baseline_file',
  // the click judgements' sidecar beside their qrels (ClickQrelsSummary.sources)
  'sources',
]);
/** Object keys whose string values are messages, scrubbed like error messages (`goldError`: the playground's). */
const MESSAGE_KEYS: ReadonlySet<string> = new Set(['error', 'message', 'goldError']);

/**
 * An absolute path inside a message: a `/` that does not continue a word, a relative path or a
 * URL, followed by path characters. `:` ends it, as in `file:line`.
 */
const ABSOLUTE_IN_TEXT = /(?<![\w.~:/-])\/[^\s'"`<>|,;:()[\]{}]*/g;
const STACK_FRAME = /^\s+at\s/;

/** The served roots, longest first so a root inside another wins. Missing roots are kept as given. */
export function knownRoots(served: ServedRoots, workingDir = process.cwd()): Root[] {
  const roots: Root[] = [];
  for (const given of Object.values(served)) {
    if (!given) continue;
    const dir = path.resolve(workingDir, given);
    if (dir === path.parse(dir).root) continue; // a root of "/" would claim every path
    const fromWorking = path.relative(workingDir, dir);
    const label =
      fromWorking && !fromWorking.startsWith('..') && !path.isAbsolute(fromWorking)
        ? fromWorking.split(path.sep).join('/')
        : path.basename(dir);
    roots.push({ dir, label });
    const real = realOrUndefined(dir);
    if (real && real !== dir) roots.push({ dir: real, label });
  }
  return roots.sort((a, b) => b.dir.length - a.dir.length);
}

/**
 * A path as an answer shows it: relative to the served root holding it (`tiny`, the way a client
 * writes it in a request), `.` for the root itself, and just its last segment when it lies
 * outside every root, so the server's layout never leaves it.
 */
export function shownPath(p: string, roots: Root[]): string {
  if (!path.isAbsolute(p)) return p;
  for (const { dir } of roots) {
    if (p === dir) return '.';
    if (p.startsWith(dir + path.sep))
      return p
        .slice(dir.length + 1)
        .split(path.sep)
        .join('/');
  }
  return path.basename(p);
}

/**
 * A message fit to leave the server: paths under a served root named from it
 * (`corpora/tiny/queries.jsonl`), any other absolute path cut to its last segment, and no
 * stack-trace lines.
 */
export function scrubMessage(message: string, roots: Root[]): string {
  const lines = message.split('\n').filter((line) => !STACK_FRAME.test(line));
  const text = withRootLabels(lines.join('\n').replace(/file:\/\/(?=\/)/g, ''), roots);
  return text.replace(ABSOLUTE_IN_TEXT, (p) => (isFileSystemPath(p) ? path.basename(p) || p : p));
}

/**
 * A JSON answer (a job, an index's metadata, a report), or a page's view, with its paths shown
 * relative to the served roots: values of path-named keys as shownPath writes them, messages
 * scrubbed, and any other string that starts at a served root made relative to it. Other text
 * (query texts, titles) is left alone, and so is anything but arrays and plain objects (a page
 * view's Maps and matchers), which no JSON answer holds.
 */
export function shownAnswer<T>(value: T, roots: Root[]): T {
  return walk(value, undefined, roots) as T;
}

function walk(value: unknown, key: string | undefined, roots: Root[]): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && PATH_KEYS.has(key) && path.isAbsolute(value)) return shownPath(value, roots);
    if (key !== undefined && MESSAGE_KEYS.has(key)) return scrubMessage(value, roots);
    return withRootLabels(value, roots);
  }
  if (Array.isArray(value)) return value.map((v) => walk(v, key, roots));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, roots)]));
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Each served root in `text` replaced by its label. */
function withRootLabels(text: string, roots: Root[]): string {
  let out = text;
  for (const { dir, label } of roots) {
    if (!out.includes(dir)) continue;
    out = out.replace(new RegExp(`${escapeRegExp(dir)}(?![^\\s'"\`<>|,;:()[\\]{}/])`, 'g'), label);
  }
  return out;
}

/**
 * Whether a `/word...` in a message is a file-system path rather than, say, a route
 * (`POST /indexes expects ...`): its first segment must exist at the file-system root, as the
 * first folder of every real absolute path does (/home, /tmp, /srv, ...).
 */
function isFileSystemPath(p: string): boolean {
  const first = p.split('/')[1];
  return first !== undefined && first !== '' && topLevel().has(first);
}

let topLevelEntries: Set<string> | undefined;
function topLevel(): Set<string> {
  if (!topLevelEntries) {
    try {
      topLevelEntries = new Set(fs.readdirSync('/'));
    } catch {
      topLevelEntries = new Set();
    }
  }
  return topLevelEntries;
}

function realOrUndefined(dir: string): string | undefined {
  try {
    return fs.realpathSync(dir);
  } catch {
    return undefined;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
