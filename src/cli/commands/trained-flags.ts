import { InputError } from '../../errors.js';
import { isTrainedMethod, type TrainedMethodName } from '../../fusion/trained/trained-methods.js';
import type { GridSpec } from '../../fusion/tune/settings-grid.js';
import { decimal, nameList } from './flag-values.js';

/** The tune flags that reach the trained methods, as parsed. */
export interface TrainedFlagValues {
  methods?: string;
  norms?: string;
  'weight-step'?: string;
  'probfuse-segments'?: string;
  'slidefuse-windows'?: string;
}

/**
 * Takes the trained methods (probfuse, slidefuse ...) out of --methods, case-insensitive, and
 * reads their parameter lists: `grid` holds them (and `methods: []` when --methods names
 * trained methods only), `methods` the rest of --methods for gridFlags (undefined when none or
 * not given). Refuses --probfuse-segments without probfuse, --slidefuse-windows without
 * slidefuse, a bad x or w, and --norms, --weight-step or a constant's values (`gridFlags`, the
 * spellings of those given: `grid rrf_k`, `rrf-ks`) when only trained methods are named: none
 * of them reads those (segfuse keeps min-max, every trained method equal weights, and none has
 * a constant of an untrained method's formula).
 */
export function trainedFlags(
  values: TrainedFlagValues,
  gridFlags: readonly string[] = [],
): { grid: Partial<GridSpec>; methods: string | undefined } {
  const parts = values.methods?.split(',') ?? [];
  const trained = [...new Set(parts.map((p) => p.trim().toLowerCase()).filter(isTrainedMethod))];
  const rest = parts.filter((p) => !isTrainedMethod(p.trim().toLowerCase()));
  const only = trained.length > 0 && rest.every((p) => p.trim() === '');
  const needs = (flag: keyof TrainedFlagValues, method: TrainedMethodName) => {
    if (values[flag] !== undefined && !trained.includes(method))
      throw new InputError(`--${flag} applies to ${method} only; give --methods ${method} (or with others) to tune it`);
  };
  needs('probfuse-segments', 'probfuse');
  needs('slidefuse-windows', 'slidefuse');
  const unread = [...(['norms', 'weight-step'] as const).filter((f) => values[f] !== undefined), ...gridFlags][0];
  if (only && unread !== undefined)
    throw new InputError(
      `--${unread} applies to the untrained methods only; ${trained.join(', ')} ${trained.length === 1 ? 'keeps' : 'keep'} equal weights (segfuse min-max scores)`,
    );
  const whole = (min: number) => (flag: string, v: string) =>
    decimal(flag, v, (n) => Number.isInteger(n) && n >= min, `whole numbers >= ${min} separated by commas`);
  const grid: Partial<GridSpec> = {
    ...(trained.length > 0 && { trained }),
    ...(only && { methods: [] }),
    ...(values['probfuse-segments'] !== undefined && {
      probfuseSegments: nameList('probfuse-segments', values['probfuse-segments'], whole(1)),
    }),
    ...(values['slidefuse-windows'] !== undefined && {
      slidefuseWindows: nameList('slidefuse-windows', values['slidefuse-windows'], whole(0)),
    }),
  };
  return { grid, methods: only ? undefined : trained.length === 0 ? values.methods : rest.join(',') };
}
