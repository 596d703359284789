import type { z } from 'zod/v4';
import { legSpec } from './leg-spec.js';

/** The schema of one leg type in the leg union. */
type LegSchema<T extends string> = Extract<(typeof legSpec.options)[number], { shape: { type: z.ZodLiteral<T> } }>;
type LegTypeName = z.output<typeof legSpec>['type'];

/**
 * The schema of one field of one leg type (`legFieldSchema('lexical', 'k1')`): its bounds,
 * default and help, for whoever restates the field under another spelling (the shorthand's flat
 * parameters, pipeline/shorthand-rows.ts) and must not restate its values. The one place that
 * knows how the leg types are held, so it is the one line to change when they move.
 */
export function legFieldSchema<T extends LegTypeName, F extends keyof LegSchema<T>['shape'] & string>(
  type: T,
  field: F,
): LegSchema<T>['shape'][F] {
  const leg = legSpec.options.find((o) => o.shape.type.value === type);
  if (!leg || !(field in leg.shape)) throw new Error(`no field ${field} in leg type ${type}`);
  return (leg.shape as Record<string, unknown>)[field] as LegSchema<T>['shape'][F];
}
