import { z } from 'zod/v4';
import { answerComponent } from '../openapi/components.js';
import type { Addition as AdditionType } from '../../gold/types.js';

/* What the gold routes answer (routes/gold.ts): judgements added to a gold set, and questions experts wrote. */

export const Addition: z.ZodType<AdditionType> = answerComponent(
  'Addition',
  z
    .object({
      query_id: z.string(),
      doc_id: z.string(),
      grade: z.number().int(),
      date: z.string().meta({ format: 'date-time' }),
      note: z.string().optional(),
      judge: z.string().optional(),
      source: z.string().optional(),
    })
    .describe('Addition (src/gold/types.ts)'),
);

export const QueryRecord = answerComponent(
  'QueryRecord',
  z
    .object({ _id: z.string(), text: z.string(), metadata: z.looseObject({}) })
    .describe(
      'A BEIR query record; a written question has metadata source "expert", judge, date and maybe note (src/gold/expert-query.ts)',
    ),
);
