import { InputError } from '../errors.js';
import { JUDGE_SCALE } from './judge-prompt.js';

/**
 * How the judge's 0-3 grades map onto the gold set's scale before they are compared with people's
 * or written: kept as they are, cut to binary (grade >= cut is 1), or capped at the qrels' top
 * grade. A 3 written into binary qrels would outweigh every human 1 in nDCG's gain, and compared
 * with binary human grades it would count as a disagreement it is not.
 */
export type JudgeScale = { kind: 'kept' } | { kind: 'binary'; cut: number } | { kind: 'capped'; max: number };

/** `--scale` as given: auto (from the qrels' highest grade), 0-3, or binary@C. */
export type ScaleOption = 'auto' | JudgeScale;

/** The binary cut auto uses: UMBRELA's 2, "highly relevant", and up count as relevant. */
export const AUTO_BINARY_CUT = 2;

export function parseScaleOption(value: string | undefined): ScaleOption {
  if (value === undefined || value === 'auto') return 'auto';
  const [low, high] = JUDGE_SCALE;
  if (value === `${low}-${high}`) return { kind: 'kept' };
  const binary = /^binary@(\d+)$/.exec(value);
  if (binary) {
    const cut = Number(binary[1]);
    if (cut >= 1 && cut <= high) return { kind: 'binary', cut };
  }
  throw new InputError(
    `--scale must be auto, ${low}-${high} or binary@C with C from 1 to ${high} (grades >= C become 1), got "${value}"`,
  );
}

/**
 * The scale to use: `auto` maps onto the qrels' highest human grade, binary at
 * AUTO_BINARY_CUT when it is 1, capped when it is 2, kept when it is 3 or more.
 */
export function settleScale(option: ScaleOption, qrelsMaxGrade: number): JudgeScale {
  if (option !== 'auto') return option;
  const high = JUDGE_SCALE[1];
  if (qrelsMaxGrade <= 1) return { kind: 'binary', cut: AUTO_BINARY_CUT };
  if (qrelsMaxGrade < high) return { kind: 'capped', max: qrelsMaxGrade };
  return { kind: 'kept' };
}

export function applyScale(scale: JudgeScale, grade: number): number {
  if (scale.kind === 'binary') return grade >= scale.cut ? 1 : 0;
  if (scale.kind === 'capped') return Math.min(grade, scale.max);
  return grade;
}

/** The highest grade a scaled judge can give: the top of the agreement table's scale. */
export function scaleTop(scale: JudgeScale): number {
  return scale.kind === 'binary' ? 1 : scale.kind === 'capped' ? scale.max : JUDGE_SCALE[1];
}

export function describeScale(scale: JudgeScale): string {
  const [low, high] = JUDGE_SCALE;
  if (scale.kind === 'binary')
    return `binary: the judge's ${scale.cut}-${high} count as 1, ${low}-${scale.cut - 1} as 0 (--scale binary@${scale.cut})`;
  if (scale.kind === 'capped') return `the judge's ${low}-${high} capped at ${scale.max}, the qrels' highest grade`;
  return `the judge's ${low}-${high} kept`;
}
