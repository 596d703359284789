import { FUSE_DEFAULTS } from '../fuse-lists.js';
import type { NormName } from '../norm-table.js';
import { TRAINED_PARAMETER, trainedMethod, type TrainedMethodName } from '../trained/trained-methods.js';
import type { TrainedSetting } from './tune-setting.js';

/** What the tuner searches of the trained methods: none unless named (`testbed tune --methods probfuse,...`). */
export interface TrainedGridSpec {
  /** The trained methods tried, in this order, after every untrained setting. Default: none. */
  trained?: readonly TrainedMethodName[];
  /** probfuse's numbers of segments x. Default DEFAULT_PROBFUSE_SEGMENTS. */
  probfuseSegments?: readonly number[];
  /** slidefuse's windows w. Default DEFAULT_SLIDEFUSE_WINDOWS. */
  slidefuseWindows?: readonly number[];
}

/**
 * probfuse's x tried by default: three points of ranx's 1..100 search, kept few because every
 * setting the training queries choose among adds a chance to pick a lucky one.
 */
export const DEFAULT_PROBFUSE_SEGMENTS: readonly number[] = [10, 25, 50];

/** slidefuse's w tried by default: a few windows of ranx's 1..100 search, from 1 rank either side to 10. */
export const DEFAULT_SLIDEFUSE_WINDOWS: readonly number[] = [1, 2, 5, 10];

/**
 * The normalisation segfuse reads: min-max, Shokouhi's (2007) and ranx's default. It is not
 * crossed with --norms: segfuse was defined on min-max scores, and the grid stays small.
 */
export const SEGFUSE_NORM: NormName = 'minmax';

/**
 * The trained settings, in the order of `trained`: probfuse once per x, slidefuse once per w,
 * segfuse on min-max scores, posfuse, mapfuse and bayesfuse once each (they take no parameter).
 * Every one has equal weights 1: the methods take per-leg weights, but crossing them with the
 * weight grid would multiply the trained settings (and their training, fold by fold) elevenfold
 * for 2 legs. Refuses a bad x or w (a whole number >= 1, >= 0) with the method's own message.
 */
export function trainedGrid(spec: TrainedGridSpec, legs: number): TrainedSetting[] {
  const weights = Array.from({ length: legs }, () => FUSE_DEFAULTS.weight);
  const parameters: Partial<Record<TrainedMethodName, readonly number[]>> = {
    probfuse: spec.probfuseSegments ?? DEFAULT_PROBFUSE_SEGMENTS,
    slidefuse: spec.slidefuseWindows ?? DEFAULT_SLIDEFUSE_WINDOWS,
  };
  return (spec.trained ?? []).flatMap((trained): TrainedSetting[] => {
    const values = parameters[trained];
    if (values === undefined) return [{ trained, ...(trained === 'segfuse' && { norm: SEGFUSE_NORM }), weights }];
    return values.map((parameter) => {
      trainedMethod(trained, parameter); // refuses a bad parameter now, not mid-tuning
      return { trained, parameter, weights };
    });
  });
}

/** A trained setting as people read it: "probfuse x 25", "slidefuse w 5", "segfuse minmax", "posfuse". */
export function describeTrained(s: TrainedSetting): string {
  const letter = TRAINED_PARAMETER[s.trained];
  return [s.trained, ...(s.norm ? [s.norm] : []), ...(letter ? [`${letter} ${s.parameter}`] : [])].join(' ');
}
