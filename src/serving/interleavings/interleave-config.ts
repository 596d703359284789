import fs from 'node:fs';
import { z } from 'zod';
import { InputError } from '../../errors.js';
import { INTERLEAVING_METHODS, type InterleavingMethod } from '../../ranking/interleave/types.js';
import { checkIndexName } from '../../schemas/index-names.js';
import { parseYamlConfig } from '../../schemas/yaml-config.js';
import { MODES } from '../../search/types.js';
import { parseSearchParams } from '../../search/search-params.js';

/** One arm: its name, and the search parameters (a shorthand's or a pipeline's) it searches with. */
export interface InterleavingArm {
  name: string;
  /** As a POST /search body takes them, without index, q, k and level (the search's). */
  params: Record<string, unknown>;
}

/** One interleaving of the --interleave file. */
export interface Interleaving {
  name: string;
  index: string;
  method: InterleavingMethod;
  /** In the file's order: the first answers the searches `share` leaves out. */
  arms: InterleavingArm[];
  /** The share of the index's interleaved searches that are merged (the rest: the first arm alone). */
  share: number;
}

/** Parameters of a search, not of an arm: the interleaved request gives them to every arm alike. */
const SEARCH_OWN = ['index', 'q', 'k', 'level', 'interleaving'] as const;

const name = (what: string) =>
  z
    .string()
    // A letter first: a key of digits alone would lose its place in the file's order (JavaScript
    // lists integer-like keys first), and the first arm is the one `share` falls back to.
    .regex(/^[A-Za-z][A-Za-z0-9_.+-]*$/, `${what}: a letter, then letters, digits and . _ + -`)
    .max(64, `${what}: at most 64 characters`);

const ARM_FORMS = `an arm is ${MODES.join(', ')} (a shorthand), or an object with mode (a shorthand and its parameters) or legs (a pipeline)`;

/**
 * An arm: a mode shorthand (`bm25`, `dense`, `hybrid`) or an object as POST /search takes it
 * (`mode:` with the shorthand's parameters, or `legs:` with `fusion:` and `rerank:`), checked
 * by the same parser as a search request, so it is refused at its line here rather than at the
 * first search.
 */
const armSchema = z
  .unknown()
  .superRefine((arm, ctx) => {
    if (typeof arm === 'string') {
      if (!(MODES as readonly string[]).includes(arm))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `unknown mode "${arm}"; ${ARM_FORMS}` });
      return;
    }
    if (typeof arm !== 'object' || arm === null || Array.isArray(arm))
      return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: ARM_FORMS });
    for (const own of SEARCH_OWN)
      if (own in arm)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [own],
          message: `${own} is the search's, not an arm's: every arm searches the same index and query, at the k and level the request asks`,
        });
    if (!('mode' in arm) && !('legs' in arm))
      return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: ARM_FORMS });
    try {
      parseSearchParams(undefined, { ...arm, index: 'arm', q: 'arm' }, (n) => n);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: err.where.field ? err.where.field.split('.') : [],
        message: err.detail,
      });
    }
  })
  .transform((arm) => (typeof arm === 'string' ? { mode: arm } : (arm as Record<string, unknown>)));

const interleavingSchema = z
  .object({
    name: name('an interleaving name'),
    index: z.string().superRefine((index, ctx) => {
      try {
        checkIndexName(index);
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: err.detail });
      }
    }),
    method: z.enum(INTERLEAVING_METHODS),
    arms: z.record(name('an arm name'), armSchema),
    share: z
      .number()
      .refine(
        (s) => s > 0 && s <= 1,
        (s) => ({ message: `share is a fraction of the searches, in (0, 1]; got ${s}` }),
      )
      .default(1),
  })
  .strict()
  .superRefine((il, ctx) => {
    const n = Object.keys(il.arms).length;
    const wanted = il.method === 'team-draft-multileave' ? n >= 3 : n === 2;
    if (!wanted)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['arms'],
        message:
          il.method === 'team-draft-multileave'
            ? `team-draft-multileave compares three or more arms (got ${n}); for two use team-draft`
            : `${il.method} compares two arms (got ${n}); for three or more use team-draft-multileave`,
      });
  });

const fileSchema = z
  .object({ interleavings: z.array(interleavingSchema).min(1, 'list at least one interleaving') })
  .strict()
  .superRefine((file, ctx) => {
    file.interleavings.forEach((il, i) => {
      if (file.interleavings.findIndex((other) => other.name === il.name) < i)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['interleavings', i, 'name'],
          message: `a second interleaving named "${il.name}": names must be unique (searches and the log name it)`,
        });
    });
  })
  .transform((file): Interleaving[] =>
    file.interleavings.map((il) => ({
      name: il.name,
      index: il.index,
      method: il.method,
      arms: Object.entries(il.arms).map(([armName, arm]) => ({
        name: armName,
        params: arm,
      })),
      share: il.share,
    })),
  );

/**
 * Reads the `testbed serve --interleave FILE` YAML: its interleavings, each an index, a method
 * and the arms it compares. Errors name the file, the line and the key.
 */
export function loadInterleavings(file: string): Interleaving[] {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(
      `cannot read the interleave file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  return parseInterleavings(source, file);
}

export function parseInterleavings(source: string, file = '<interleave file>'): Interleaving[] {
  return parseYamlConfig(source, file, fileSchema, { what: 'an interleave file', topKeys: ['interleavings'] });
}
