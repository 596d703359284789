import fs from 'node:fs';
import path from 'node:path';
import type { Query } from '../../corpus/index.js';
import { InputError, NotFoundError } from '../../errors.js';
import { queryAdditionsFile, readAdditions, readGold, readQuerySet } from '../../gold/index.js';
import { beirSiblings } from '../../gold/beir-siblings.js';
import { requireQrelsFile } from '../../gold/require-qrels-file.js';
import { insideRoot } from '../../corpus/inside-root.js';

/** A gold set the playground offers: a qrels file, named by its path inside the corpora root. */
export interface GoldSetRef {
  /** Path relative to the corpora root, with forward slashes: what `qrels=` and POST /gold take. */
  qrels: string;
  /** The BEIR folder it belongs to, absolute. */
  dir: string;
}

export interface GoldSet extends GoldSetRef {
  /** Empty for a qrels file outside a BEIR folder: its query ids then have no text. */
  queries: Query[];
  /** qrels merged with the judgements added since (gold additions), so a mark shows at once. */
  judged: Map<string, Map<string, number>>;
  /** Per query, the documents with a judgement in the additions: those the page can take back. */
  added: Map<string, Set<string>>;
}

const MAX_DEPTH = 3;
const SKIP = new Set(['node_modules', '.git', '.cache']);

/**
 * The BEIR gold sets under the corpora root: every `DIR/qrels/SPLIT.tsv` whose DIR also holds
 * queries.jsonl, DIR being the root itself or a folder up to three levels below it.
 */
export function findGoldSets(corporaRoot: string): GoldSetRef[] {
  let base: string;
  try {
    base = fs.realpathSync(corporaRoot);
  } catch {
    return [];
  }
  const found: GoldSetRef[] = [];
  const visit = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.map((e) => e.name));
    if (names.has('queries.jsonl') && names.has('qrels')) {
      const qrelsDir = path.join(dir, 'qrels');
      for (const file of safeList(qrelsDir)
        .filter((f) => f.endsWith('.tsv'))
        .sort()) {
        found.push({ qrels: toPosix(path.relative(base, path.join(qrelsDir, file))), dir });
      }
    }
    if (depth >= MAX_DEPTH) return;
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory() && !e.name.startsWith('.') && !SKIP.has(e.name) && e.name !== 'qrels')
        visit(path.join(dir, e.name), depth + 1);
    }
  };
  visit(base, 0);
  return found;
}

interface CachedQueries {
  stamp: string;
  queries: Query[];
}
const queryCache = new Map<string, CachedQueries>();

/**
 * Opens the gold set `relative` (a path inside the corpora root, like POST /gold takes): its
 * queries (cached until the file changes), its judgements with additions merged in, and which
 * of those are additions.
 */
export async function loadGoldSet(corporaRoot: string, relative: string): Promise<GoldSet> {
  const file = resolveQrels(corporaRoot, relative);
  const siblings = await beirSiblings(file);
  const queries = siblings ? await cachedQueries(siblings.queries) : [];
  // Checked first, so a missing file gets one message: the two reads word it differently and race.
  await requireQrelsFile(file);
  const [judged, additions] = await Promise.all([readGold(file), readAdditions(file)]);
  const added = new Map<string, Set<string>>();
  for (const a of additions) {
    let docs = added.get(a.query_id);
    if (docs === undefined) added.set(a.query_id, (docs = new Set()));
    docs.add(a.doc_id);
  }
  return {
    qrels: relative,
    dir: siblings ? path.dirname(siblings.queries) : path.dirname(file),
    queries,
    judged,
    added,
  };
}

/** The absolute qrels path, refused with a message about `qrels` when it leaves the root. */
export function resolveQrels(corporaRoot: string, relative: string): string {
  try {
    return insideRoot(corporaRoot, relative);
  } catch (err) {
    if (err instanceof InputError)
      throw new InputError(`qrels path ${JSON.stringify(relative)} is outside the corpora root`);
    if (err instanceof NotFoundError)
      throw new NotFoundError(`qrels file ${JSON.stringify(relative)} not found under the corpora root`);
    throw err;
  }
}

async function cachedQueries(file: string): Promise<Query[]> {
  // The queries added beside the file (written questions) count too: a new one must show at once.
  const stamp = [file, queryAdditionsFile(file)].map(fileStamp).join('|');
  const hit = queryCache.get(file);
  if (hit?.stamp === stamp) return hit.queries;
  const queries = await readQuerySet(file);
  queryCache.set(file, { stamp, queries });
  return queries;
}

/** Modification time and size, or "none" for a file that does not exist (yet). */
function fileStamp(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'none';
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

const toPosix = (p: string) => p.split(path.sep).join('/');
