import type { FusionSpec } from '../fusion/fusion-spec.js';
import { type ConstantValues, settledKey } from '../fusion/method-constant.js';
import { fusionConstants, fusionMethod, methodsReading } from '../fusion/method-registry.js';
import { constantsOf, readsConstant } from '../fusion/method-spec.js';

/**
 * The constants of a parsed fusion block as the settled fusion holds them: each given one under
 * its camelCase name (rrf_k as rrfK: present always, its default filled in), in the order of
 * the methods' rows. One the method does not read is refused through `fail`, naming the field,
 * except rrf_k, which every pipeline has settled whatever its method (its schema defaults it,
 * so given and not given look alike).
 */
export function settleConstants(
  f: FusionSpec,
  fail: (field: string, message: string) => never,
): Record<string, number> {
  const method = fusionMethod(f.method);
  const settled: Record<string, number> = {};
  for (const c of fusionConstants()) {
    const value = f[c.name];
    if (typeof value !== 'number') continue;
    if (!c.alwaysSettled && !readsConstant(method, c.name))
      fail(`fusion.${c.name}`, `${c.name} is read by ${methodsReading(c.name).join(', ')} only, not ${f.method}`);
    settled[settledKey(c)] = value;
  }
  return settled;
}

/** The constants a settled fusion gives its method, by name, as fuseLists takes them ({rrf_k: 60}). */
export function settledConstantValues(fusion: { method: string; [key: string]: unknown }): ConstantValues {
  const values: Record<string, number> = {};
  for (const c of constantsOf(fusionMethod(fusion.method))) {
    const value = fusion[settledKey(c)];
    if (typeof value === 'number') values[c.name] = value;
  }
  return values;
}

/**
 * The settled constants as JSON Schema describes them (the OpenAPI document's settled pipeline):
 * a number property per constant under its settled name, required when every settled fusion
 * holds it (rrfK), else present when given.
 */
export function settledConstantsSchema(): { properties: Record<string, object>; required: string[] } {
  const constants = fusionConstants();
  return {
    properties: Object.fromEntries(
      constants.map((c) => [
        settledKey(c),
        { type: 'number', description: c.alwaysSettled ? c.help : `${c.help}, when given` },
      ]),
    ),
    required: constants.filter((c) => c.alwaysSettled).map(settledKey),
  };
}
