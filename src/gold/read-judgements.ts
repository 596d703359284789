import { readQrels, type Qrels } from '../corpus/index.js';
import { judgementsOf, type Judgements, type JudgementSource } from '../metrics/index.js';
import { readAdditionsAndTorn } from './additions.js';
import { mergeAdditions } from './merge-additions.js';
import { readQrelsSources } from './qrels-sources-file.js';
import type { Addition } from './types.js';

/** What `readJudgements` read: the judgements, and how many additions were merged into them. */
export interface ReadJudgements {
  judgements: Judgements;
  /** Additions merged from `<qrels>.additions.jsonl` (0 with `original`). */
  additions: number;
  /** Lines of the additions file skipped as torn (`file:line`): a crash or a full disk cut them short. */
  torn: string[];
}

/**
 * Reads a gold set the one way every command reads it: the qrels file, grown by the additions
 * recorded beside it unless `original`, every grade kept (0 and negative ones too), each pair
 * tagged with where it came from. Additions merge by date: the latest wins, equal dates
 * in append order, and the winning addition's source is the pair's.
 */
export async function readJudgements(
  qrelsFile: string,
  options: { threshold?: number; original?: boolean } = {},
): Promise<ReadJudgements> {
  const [grades, sidecar] = await Promise.all([readQrels(qrelsFile), readQrelsSources(qrelsFile)]);
  // A line is published unless the qrels' sources sidecar says otherwise (gold from-clicks writes one).
  const published: JudgementSource = { kind: 'published', file: qrelsFile };
  const sources = new Map<string, Map<string, JudgementSource>>();
  for (const [qid, docs] of grades)
    sources.set(qid, new Map([...docs.keys()].map((d) => [d, sidecar.get(qid)?.get(d) ?? published])));
  const { additions, torn } = options.original ? { additions: [], torn: [] } : await readAdditionsAndTorn(qrelsFile);
  mergeAdditions(grades, additions, (a) => {
    if (!sources.has(a.query_id)) sources.set(a.query_id, new Map());
    sources.get(a.query_id)!.set(a.doc_id, additionSource(a));
  });
  return { judgements: judgementsOf(grades, options.threshold, sources), additions: additions.length, torn };
}

/**
 * An addition's source as the judgement model names it: `llm` stays llm (its judge is the
 * model, the prompt's hash and the kappa measured at its gate read from its note), `clicks` and `tickets` stay, and anything else a person recorded (`human`, `expert`,
 * no source at all: additions made by hand before sources existed) is human.
 */
export function additionSource(a: Addition): JudgementSource {
  if (a.source === 'llm') {
    // The judge writes its prompt's hash into the note (write-llm-grades.ts): grades from another prompt are another judge's.
    const sha = /\bsha256 ([0-9a-f]{64})\b/.exec(a.note ?? '')?.[1];
    const kappa = /\bCohen's kappa (-?\d+(?:\.\d+)?) with people\b/.exec(a.note ?? '')?.[1];
    return {
      kind: 'llm',
      ...(a.judge && { model: a.judge }),
      ...(sha && { promptSha256: sha }),
      ...(kappa !== undefined && { kappa: Number(kappa) }),
    };
  }
  if (a.source === 'clicks') return { kind: 'clicks' };
  if (a.source === 'tickets') return { kind: 'tickets' };
  return { kind: 'human', ...(a.judge && { judge: a.judge }) };
}

/**
 * The grown gold set: the qrels file merged with its additions. An addition sets the grade of
 * its (query, doc) pair, adding the pair if it was unjudged. When several additions name one
 * pair the latest date wins, and among equal dates the one appended last; going by date rather
 * than file position keeps a back-dated import from overriding a newer judgement. Grade 0 is
 * kept as "judged not relevant", never a deletion, because metrics tell judged from unjudged.
 */
export async function readGold(qrelsFile: string): Promise<Qrels> {
  return (await readJudgements(qrelsFile)).judgements.grades;
}
