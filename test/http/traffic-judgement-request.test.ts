import { describe, expect, it } from 'vitest';
import { judgementRequestSchema } from '../../src/http/routes/traffic-jobs.js';

describe('POST /traffic/judgements body', () => {
  it('takes the pbm model, swap propensities and a prior strength, as the CLI does', () => {
    expect(judgementRequestSchema.parse({ model: 'pbm', propensities: 'swap', prior_strength: 5 })).toEqual({
      model: 'pbm',
      propensities: 'swap',
      prior_strength: 5,
    });
  });

  it('refuses swap propensities for ctr (which uses no position curve) and a negative prior', () => {
    const ctr = judgementRequestSchema.safeParse({ model: 'ctr', propensities: 'swap' });
    expect(ctr.success).toBe(false);
    expect(ctr.error?.issues[0]?.path).toEqual(['propensities']);
    expect(judgementRequestSchema.safeParse({ model: 'pbm', prior_strength: -1 }).success).toBe(false);
    expect(judgementRequestSchema.safeParse({ model: 'dbn' }).success).toBe(false);
  });
});
