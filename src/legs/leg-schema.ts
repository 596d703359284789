import { z } from 'zod/v4';
import { currentSchema } from '../schemas/current-schema.js';
import type { LegDefinition } from './leg-definition.js';
import { legDefinitions, perRegistryVersion, type LegInput, type LegSpec } from './registry.js';

export const LEG_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;
const legName = z
  .string()
  .regex(LEG_NAME, 'a leg name is 1-40 letters, digits and . _ + - (it keys `sources` and the timings)')
  .describe(
    "how the leg is named in `sources`, timings and weights; default: set by its leg type (a lexical leg's engine, else the type)",
  );

/** One leg type's schema: its `type`, an optional `name`, its own fields, and nothing else. */
export function legSchema(definition: LegDefinition) {
  return z
    .object({ type: z.literal(definition.type), name: legName.optional(), ...definition.fields })
    .strict()
    .describe(definition.description);
}

/**
 * A leg of a pipeline: one of the registered leg types, told apart by `type`. Derived from the
 * registry's rows when first needed after they change (a leg type registered at run time is
 * parsed and documented from then on).
 */
export const legUnion = perRegistryVersion(
  () =>
    z.discriminatedUnion(
      'type',
      legDefinitions().map(legSchema) as unknown as [ReturnType<typeof legSchema>],
    ) as unknown as z.ZodType<LegSpec, LegInput>,
);

/**
 * A leg of a pipeline, as pipeline/pipeline-spec.ts holds it: checked against the leg types
 * registered when the pipeline is read, so a schema built before a leg type was registered
 * takes it (and its JSON Schema lists it).
 */
export const legSpec = currentSchema(legUnion);
