import { fusionMethod } from '../method-registry.js';
import { constantsOf, methodInput } from '../method-spec.js';
import { describeSetting, fuseFlags } from './settings-grid.js';
import type { Selection } from './select-setting.js';
import type { TuneSummary } from './tune-result.js';
import { TRAINED_PARAMETER } from '../trained/trained-methods.js';
import { isLegAlone, isTrained, type TuneSetting } from './tune-setting.js';
import { isSignificant, SIGNIFICANCE_LEVEL, tuneVerdict } from './tune-verdict.js';

/**
 * A setting as JSON: a leg alone as { alone, label }; a fusion as its method, then only the
 * parameters it reads (`norm` for the methods that read normalised scores, then each constant
 * of its row by name: `rrf_k`, `gamma`...), its weights by leg, and the label. A trained
 * method has `trained: true`, its parameter by its letter (probfuse `x`, slidefuse `w`) and
 * segfuse its `norm`.
 */
export function settingJson(s: TuneSetting, legNames: readonly string[]) {
  const label = describeSetting(s, legNames);
  if (isLegAlone(s)) return { alone: legNames[s.alone]!, label };
  if (isTrained(s)) {
    const letter = TRAINED_PARAMETER[s.trained];
    return {
      method: s.trained,
      trained: true,
      ...(s.norm && { norm: s.norm }),
      ...(letter && { [letter]: s.parameter }),
      weights: Object.fromEntries(legNames.map((n, i) => [n, s.weights[i]])),
      label,
    };
  }
  const m = fusionMethod(s.method);
  return {
    method: s.method,
    ...(methodInput(m) === 'normalised scores' && { norm: s.norm }),
    ...Object.fromEntries(constantsOf(m).map((c) => [c.name, s.constants[c.name] ?? c.default])),
    weights: Object.fromEntries(legNames.map((n, i) => [n, s.weights[i]])),
    label,
  };
}

/**
 * The report of `testbed tune --json`: full-precision values, snake_case keys. Besides the text
 * report's figures it holds the significance test against the best leg, the verdict sentence,
 * `deploy` (the setting chosen on all queries, with the `testbed fuse` flags that rank like
 * it: null for a leg alone and for a trained method, which fuse cannot apply) and, with `all` (`--report-all`), every setting's training means.
 */
export function tuneReportJson(r: TuneSummary, out: string, options: { all?: boolean } = {}) {
  const setting = (i: number) => settingJson(r.settings[i]!, r.legNames);
  const best = (sel: Selection) => ({
    setting: setting(sel.best),
    mean: sel.means[sel.best]!,
    standard_error: sel.standardErrors[sel.best]!,
  });
  return {
    metric: r.metric.label,
    select: r.select,
    folds: r.choices.map((c) => ({
      queries: c.queries,
      setting: setting(c.setting),
      train_mean: c.trainMean,
      best: best(c),
      held_out_mean: c.heldOutMean,
    })),
    settings: r.settings.length,
    queries: r.queries.length,
    held_out: r.heldOut,
    best_leg: {
      name: r.bestLeg.name,
      mean: r.bestLeg.mean,
      tuned_minus_leg: r.bestLeg.diff,
      significance: {
        test: 'paired randomization (sign flip), two-sided',
        p: r.bestLeg.p,
        level: SIGNIFICANCE_LEVEL,
        significant: !r.bestLeg.sameOnEveryQuery && isSignificant(r.bestLeg.p),
      },
      same_on_every_query: r.bestLeg.sameOnEveryQuery,
    },
    untuned_rrf: {
      label: r.untunedRrf.label,
      mean: r.untunedRrf.mean,
      tuned_minus_untuned: r.untunedRrf.diff,
      p: r.untunedRrf.p,
    },
    verdict: tuneVerdict(r),
    deploy: {
      select: r.select,
      queries: r.queries.length,
      setting: setting(r.deploy.setting),
      mean_in_sample: r.deploy.means[r.deploy.setting]!,
      best: best(r.deploy),
      fuse_flags: fuseFlags(r.settings[r.deploy.setting]!) ?? null,
    },
    left_out: r.leftOut,
    out,
    ...(options.all && {
      all_settings: r.settings.map((_, i) => ({
        setting: setting(i),
        simplicity: r.simplicity[i]! + 1,
        mean: r.deploy.means[i]!,
        standard_error: r.deploy.standardErrors[i]!,
        fold_train_means: r.choices.map((c) => c.means[i]!),
      })),
    }),
  };
}
