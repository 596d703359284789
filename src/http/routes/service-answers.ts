import { z } from 'zod/v4';
import { answerComponent } from '../openapi/components.js';
import { LostLogWrites } from './traffic-answers.js';

/** GET /health's answer (routes/health.ts). */
export const Health = answerComponent(
  'Health',
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    indexes: z.number().int(),
    unreadable: z
      .number()
      .int()
      .describe('index files present that cannot be read (listed by GET /indexes with status unreadable)'),
    lost_log_writes: LostLogWrites.optional().describe('only on a server started with --log-queries'),
  }),
);
