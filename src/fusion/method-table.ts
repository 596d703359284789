import type { FusionMethodSpec } from './method-spec.js';
import { borda } from './methods/borda.js';
import { combanz } from './methods/combanz.js';
import { combmax } from './methods/combmax.js';
import { combmed } from './methods/combmed.js';
import { combmin } from './methods/combmin.js';
import { combmnz } from './methods/combmnz.js';
import { combsum } from './methods/combsum.js';
import { dbsf } from './methods/dbsf.js';
import { isr } from './methods/isr.js';
import { rrf } from './methods/rrf.js';
import { wsum } from './methods/wsum.js';

export type FusionMethodName =
  | 'rrf'
  | 'isr'
  | 'borda'
  | 'combsum'
  | 'combmnz'
  | 'combmax'
  | 'combmin'
  | 'combmed'
  | 'combanz'
  | 'wsum'
  | 'dbsf';

/** Every N-leg fusion method by name (one file each under methods/, formula in its doc comment). */
export const METHODS: Record<FusionMethodName, FusionMethodSpec> = {
  rrf,
  isr,
  borda,
  combsum,
  combmnz,
  combmax,
  combmin,
  combmed,
  combanz,
  wsum,
  dbsf,
};

export const METHOD_NAMES = Object.keys(METHODS) as FusionMethodName[];
