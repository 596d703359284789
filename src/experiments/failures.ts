import type { Query } from '../corpus/types.js';
import { relevantDocs, type Judgements } from '../metrics/index.js';
import type { IndexReader } from '../store/index-reader.js';
import { docOf, type CellRun } from './cell-run.js';
import { missCause } from './miss-cause.js';
import type { Failure, MissBucket } from '../reports/report-model.js';

export interface FailureInputs {
  run: CellRun;
  queries: readonly Query[];
  /** The experiment's judgements: a miss lists the query's relevant documents (at the threshold). */
  judgements: Judgements;
  contextK: number;
  rerankDepth: number;
  reader: IndexReader;
  /** Runs of a lexical-only and a dense-only cell on the same index, when the grid has them. */
  lexical?: CellRun;
  dense?: CellRun;
}

/**
 * The queries a configuration missed at context_k (no relevant document among the passages that
 * would reach the model), each with where its first relevant document was in the deep list,
 * which single retriever would have found it, and the likely cause (see missCause).
 */
export function analyzeFailures(inputs: FailureInputs): Failure[] {
  const { run, judgements, contextK, rerankDepth, reader } = inputs;
  const failures: Failure[] = [];
  for (const q of inputs.queries) {
    const gold = relevantDocs(judgements, q.id);
    if (gold.size === 0) continue;
    const docs = (run.rankings[q.id] ?? []).map((id) => docOf(id, run.level));
    if (firstRelevant(docs, gold, contextK) !== null) continue;
    const rank = firstRelevant(docs, gold, docs.length);
    const bucket: MissBucket = rank === null ? 'not-retrieved' : rank <= rerankDepth ? 'rerank-window' : 'deep';
    const goldDocs = [...gold.keys()].map((id) => reader.document(id)).filter((d) => d !== undefined);
    const answersAcrossChunks = (q.answers ?? []).filter((a) =>
      goldDocs.some((d) => d.text.includes(a) && !reader.chunksOf(d.id).some((c) => c.text.includes(a))),
    );
    failures.push({
      queryId: q.id,
      query: q.text,
      tags: Object.fromEntries(Object.entries(q.metadata).map(([k, v]) => [k, String(v)])),
      gold: [...gold].map(([id, grade]) => ({ id, grade })),
      firstRelevantRank: rank,
      bucket,
      foundBy: foundBy(q.id, gold, contextK, inputs.lexical, inputs.dense),
      cause: missCause(
        q.text,
        goldDocs.map((d) => `${d.title}\n${d.text}`),
        answersAcrossChunks,
        rank !== null,
      ),
      answersAcrossChunks,
    });
  }
  return failures;
}

/** 1-based rank of the first relevant document within the first `k`, or null. */
export function firstRelevant(docs: readonly string[], gold: ReadonlyMap<string, number>, k: number): number | null {
  const n = Math.min(k, docs.length);
  for (let i = 0; i < n; i++) if (gold.has(docs[i]!)) return i + 1;
  return null;
}

function foundBy(
  qid: string,
  gold: ReadonlyMap<string, number>,
  k: number,
  lexical?: CellRun,
  dense?: CellRun,
): Failure['foundBy'] {
  if (!lexical || !dense) return 'n/a';
  const hit = (r: CellRun) =>
    firstRelevant(
      (r.rankings[qid] ?? []).map((id) => docOf(id, r.level)),
      gold,
      k,
    ) !== null;
  const l = hit(lexical);
  const d = hit(dense);
  return l && d ? 'both' : l ? 'lexical only' : d ? 'dense only' : 'neither';
}
