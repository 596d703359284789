import { addJudgement } from './additions.js';
import type { GradedPair } from './grade-pairs.js';
import { LLM_SOURCE } from './human-and-llm-grades.js';
import { checkKnownIds } from './known-ids.js';
import type { Addition } from './types.js';

/** The agreement the judge's calibration measured, kept with each grade it writes. */
export interface GateAgreement {
  /** Cohen's kappa with the people's grades; NaN when it could not be measured. */
  kappa: number;
  /** Calibration pairs it was measured on (0 when calibration was skipped). */
  pairs: number;
}

/**
 * The note kept with every grade the judge writes: which prompt produced it and how well the
 * judge agreed with people at its gate, so a grade read months later says how far to trust it
 * (read back by additionSource in read-judgements.ts).
 */
export function llmGradeNote(promptSha256: string, gate: GateAgreement): string {
  const agreement =
    gate.pairs === 0 || Number.isNaN(gate.kappa)
      ? 'agreement with people not measured'
      : `Cohen's kappa ${gate.kappa.toFixed(3)} with people on ${gate.pairs} calibration pair${gate.pairs === 1 ? '' : 's'}`;
  return `graded by the UMBRELA-style judge prompt, sha256 ${promptSha256}; ${agreement}`;
}

/**
 * Writes the model's grades as additions of `qrelsFile`: `source: llm`, the model as judge, the
 * prompt's hash and the gate's agreement in the note, so they can be told from human judgements, compared with them
 * (`testbed gold agreement`) or taken back. Every id is checked against the BEIR folder before
 * the first line is written, so an unknown id stops the fill before it starts rather than half
 * way; each line is then one atomic append under the additions lock (addJudgement), so a crash
 * mid-write leaves whole lines only, the grades written so far.
 */
export async function writeLlmGrades(
  qrelsFile: string,
  grades: readonly GradedPair[],
  model: string,
  promptSha256: string,
  gate: GateAgreement,
): Promise<Addition[]> {
  for (const g of grades) await checkKnownIds(qrelsFile, g.queryId, g.docId);
  const written: Addition[] = [];
  for (const g of grades) {
    written.push(
      await addJudgement(qrelsFile, {
        queryId: g.queryId,
        docId: g.docId,
        grade: g.grade,
        judge: model,
        source: LLM_SOURCE,
        note: llmGradeNote(promptSha256, gate),
      }),
    );
  }
  return written;
}
