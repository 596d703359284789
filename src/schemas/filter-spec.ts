import { z } from 'zod/v4';
import { LANGUAGE_CODE } from './language-code.js';

/** A metadata value a condition compares with: what a JSON corpus record can hold as a leaf. */
const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

const range = z
  .object({
    gt: z.number().finite().optional(),
    gte: z.number().finite().optional(),
    lt: z.number().finite().optional(),
    lte: z.number().finite().optional(),
  })
  .strict()
  .refine((r) => Object.keys(r).length > 0, 'a range needs at least one of gt, gte, lt, lte');

/** One field's condition: equal to a value, one of a list (`in`), or a numeric range. */
export const conditionSpec = z.union([scalar, z.object({ in: z.array(scalar).min(1).max(1000) }).strict(), range]);

/** `year`, `source.kind`: a document metadata field, dots for nested objects. */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/;

/**
 * Which documents a search may return: `lang` is the language the index stored for each chunk
 * (the corpus's `language` metadata, or detected at build time); every other key is a field of
 * the documents' `metadata` from the corpus, and all conditions must hold (AND). A document that
 * lacks a field fails every condition on it. Compiled once per index (store/compile-filter.ts)
 * into SQL and a chunk-id set, and honoured by every leg.
 *
 *   { "lang": "de", "year": { "gte": 2020 }, "type": { "in": ["faq", "howto"] }, "draft": false }
 */
export const filterSpec = z
  .record(z.string(), conditionSpec)
  .superRefine((filter, ctx) => {
    for (const key of Object.keys(filter)) {
      if (!FIELD_NAME.test(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'a filter key is a metadata field name (letters, digits, _ and -, dots for nested fields)',
        });
    }
    const lang = filter.lang;
    if (lang === undefined) return;
    const codes = typeof lang === 'object' && 'in' in lang ? lang.in : [lang];
    if (!codes.every((c) => typeof c === 'string' && LANGUAGE_CODE.test(c))) {
      ctx.addIssue({
        code: 'custom',
        path: ['lang'],
        message: 'lang must be a language code such as de or zh, or {"in": [codes]}',
      });
    }
  })
  .refine((f) => Object.keys(f).length <= 32, 'at most 32 filter conditions');

export type Condition = z.infer<typeof conditionSpec>;
export type FilterSpec = z.infer<typeof filterSpec>;
