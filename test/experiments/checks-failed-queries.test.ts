import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/experiments/checks.js';
import type { ConfigResult } from '../../src/reports/report-model.js';

const config = (name: string, failedQueries?: ConfigResult['failedQueries']) =>
  ({ name, means: { 'ndcg@10': 0.9 }, slices: [], ...(failedQueries && { failedQueries }) }) as unknown as ConfigResult;

describe('runChecks and failed queries', () => {
  it('fails a configuration with failed queries even when the config lists no check, naming the count and the first error', () => {
    const failed = {
      count: 3,
      scored: 7,
      first: [
        {
          queryId: 'q2',
          by: 'leg "api"',
          status: 503,
          message: 'leg "api", query q2: GET http://h/s answered 503: busy',
        },
      ],
    };
    const results = runChecks([], { configs: [config('local'), config('remote', failed)] });
    expect(results).toEqual([
      {
        description: 'remote: every query answered',
        passed: false,
        detail: '3 failed (scored over the 7 others); first: leg "api", query q2: GET http://h/s answered 503: busy',
      },
    ]);
  });

  it('adds nothing when every query was answered', () => {
    expect(runChecks([{ metric: 'ndcg@10', min: 0.5 }], { configs: [config('local')] }).map((r) => r.passed)).toEqual([
      true,
    ]);
  });
});
