import type { MethodConstant } from './method-constant.js';
import type { FusionMethodSpec } from './method-spec.js';
import { borda } from './methods/borda.js';
import { combanz } from './methods/combanz.js';
import { COMBGMNZ_GAMMA, combgmnz } from './methods/combgmnz.js';
import { combmax } from './methods/combmax.js';
import { combmed } from './methods/combmed.js';
import { combmin } from './methods/combmin.js';
import { combmnz } from './methods/combmnz.js';
import { combsum } from './methods/combsum.js';
import { condorcet, wCondorcet } from './methods/condorcet.js';
import { dbsf } from './methods/dbsf.js';
import { isr } from './methods/isr.js';
import { logIsr } from './methods/log-isr.js';
import { LOGN_ISR_SIGMA, lognIsr } from './methods/logn-isr.js';
import { RBC_PHI, rbc } from './methods/rbc.js';
import { rrf } from './methods/rrf.js';
import { wmnz } from './methods/wmnz.js';
import { wsum } from './methods/wsum.js';

/**
 * One fusion method: its behaviour (kind, parameters, combine: a file under methods/, whose doc
 * comment gives the full definition) and how `testbed fuse --help` states it in one line.
 */
export interface FusionMethodRow extends FusionMethodSpec {
  /** Lower case, as --method, a pipeline's `fusion.method` and the tuner spell it. */
  name: string;
  /** The fused score of a document d, in the notation of `testbed fuse --help`. */
  formula: string;
  /** What a document missing from a run gets from it (or over which runs the formula runs). */
  absence: string;
  /** A further line of the definition, when the formula has a symbol to explain. */
  where?: string;
  /**
   * false: tried by the tuner only when --methods names it. The methods added after ranx's core
   * set are out of the default grid: they nearly double it (904 to 1,587 settings for 3 legs,
   * and the time with it), and the more settings a few dozen training queries choose among,
   * the more the choice rewards luck.
   */
  tunedByDefault?: boolean;
}

/** How a `where` line says a constant is set ("--param gamma sets it"); fuse --help lists each one's bounds. */
function givenBy(c: MethodConstant): string {
  return `--param ${c.name} sets it`;
}

/**
 * Every built-in N-leg fusion method (ranx's untrained ones, plus Qdrant's dbsf), in the order
 * they are listed, tuned and tried: method-registry.ts serves these rows and any registered at
 * run time.
 */
export const METHOD_TABLE = [
  { name: 'rrf', formula: 'Σ w / (k + rank)', absence: 'absent: 0', ...rrf },
  { name: 'isr', formula: 'n(d) · Σ w / rank²', absence: 'absent: 0, not counted in n(d)', ...isr },
  {
    name: 'log_isr',
    formula: 'ln n(d) · Σ w / rank²',
    absence: 'absent: 0, not counted in n(d)',
    where: "a document only one run holds gets ln 1 = 0 (ranx's definition)",
    ...logIsr,
    tunedByDefault: false,
  },
  {
    name: 'logn_isr',
    formula: 'ln(n(d) + σ) · Σ w / rank²',
    absence: 'absent: 0, not counted in n(d)',
    where: `σ = ${LOGN_ISR_SIGMA.default} (ranx's default) unless ${givenBy(LOGN_ISR_SIGMA)}`,
    ...lognIsr,
    tunedByDefault: false,
  },
  {
    name: 'rbc',
    formula: 'Σ w · (1 - φ) · φ^(rank - 1)',
    absence: 'absent: 0',
    where: `rank-biased centroids (Bailey et al. 2017); φ = ${RBC_PHI.default} unless ${givenBy(RBC_PHI)}`,
    ...rbc,
    tunedByDefault: false,
  },
  {
    name: 'borda',
    formula: 'Σ w · (C - rank + 1), C candidates',
    absence: "absent: (C - n + 1) / 2, n its run's length",
    ...borda,
  },
  {
    name: 'condorcet',
    formula: '1 + wins + ties / 2 (Copeland)',
    absence: "absent: below all the run's documents",
    where: 'd beats e when more runs (by Σ w) rank d above e than e above d',
    ...condorcet,
    tunedByDefault: false,
  },
  {
    name: 'w_condorcet',
    formula: '1 + wins + ties / 2 (Copeland)',
    absence: "absent: below all the run's documents",
    where: 'as condorcet; its run weights are the parameters testbed tune searches',
    ...wCondorcet,
    tunedByDefault: false,
  },
  { name: 'combsum', formula: 'Σ norm', absence: 'absent: 0 after normalisation', ...combsum },
  { name: 'combmnz', formula: 'n(d) · Σ norm', absence: 'absent: not counted', ...combmnz },
  {
    name: 'combgmnz',
    formula: 'n(d)^γ · Σ norm',
    absence: 'absent: not counted',
    where: `γ = ${COMBGMNZ_GAMMA.default} unless ${givenBy(COMBGMNZ_GAMMA)} (0 is combsum, 1 combmnz; ranx has no default)`,
    ...combgmnz,
    tunedByDefault: false,
  },
  { name: 'combmax', formula: 'max norm', absence: 'over the runs holding d', ...combmax },
  { name: 'combmin', formula: 'min norm', absence: 'over the runs holding d', ...combmin },
  { name: 'combmed', formula: 'median norm', absence: 'over the runs holding d', ...combmed },
  { name: 'combanz', formula: 'Σ norm / n(d)', absence: 'absent: not counted', ...combanz },
  { name: 'wsum', formula: 'Σ w · norm', absence: 'absent: 0 after normalisation', ...wsum },
  {
    name: 'wmnz',
    formula: '(Σ w) · Σ norm',
    absence: 'both sums over the runs holding d',
    ...wmnz,
    tunedByDefault: false,
  },
  {
    name: 'dbsf',
    formula: 'Σ w · (s - lo) / (hi - lo)',
    absence: 'absent: 0',
    where: "lo, hi = mean ∓ 3 sample sd of the run's scores, as Qdrant (not clamped)",
    ...dbsf,
  },
] as const satisfies readonly FusionMethodRow[];

/** The built-in fusion method names. A method registered at run time is named by a plain string. */
export type FusionMethodName = (typeof METHOD_TABLE)[number]['name'];
