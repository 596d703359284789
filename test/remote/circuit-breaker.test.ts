import { describe, expect, it } from 'vitest';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { CircuitBreaker, failFastMessage, type BreakerSettings } from '../../src/remote/circuit-breaker.js';
import { breakerSettingsOf } from '../../src/search/breaker-settings.js';

const settings = (s: Partial<BreakerSettings>) => () => ({ failAfter: 0, failRate: 0.5, failWindow: 20, ...s });

/** Feeds a breaker a pattern of outcomes, 'x' a failure by `leg "os"`, '.' a success; returns when it opened (1-based) or 0. */
function openedAt(breaker: CircuitBreaker, pattern: string): number {
  for (const [i, c] of [...pattern].entries()) {
    if (c === 'x') breaker.failed('leg "os"', `failure ${i + 1}`);
    else breaker.succeeded();
    if (breaker.opened) return i + 1;
  }
  return 0;
}

describe('the rolling failure rate', () => {
  it('opens once more than fail_rate x fail_window of the last fail_window queries failed, never before the window is full', () => {
    // Three of every four fail: never 5 in a row (so fail_after alone would call every query),
    // but 15 of the first 20 > 0.5 x 20 = 10. The window is full at the 20th query, a failure
    // ('xxx.' x 5 ends with '.', so the 19th, the last failure before it, is too early, and the
    // first failure once the window is full is the 21st).
    const breaker = new CircuitBreaker(settings({}));
    expect(openedAt(breaker, 'xxx.'.repeat(10))).toBe(21);
    expect(breaker.opened).toEqual({ by: 'leg "os"', count: 15, window: 20, last: 'failure 21' });
    expect(failFastMessage('q30', breaker.opened!)).toContain('failed 15 of the last 20 queries');
    expect(failFastMessage('q30', breaker.opened!)).toContain('set fail_rate or fail_window');
  });

  it('exactly half of the window is not more than half: an engine failing every other query is called for each', () => {
    expect(openedAt(new CircuitBreaker(settings({})), 'x.'.repeat(50))).toBe(0);
  });

  it('takes the window from fail_window and the share from fail_rate; 0 never opens on the rate', () => {
    // Window 40 at 0.25: opens at the first failure once 40 have finished with more than 10 failed.
    // 'x...' fails 1 in 4: 10 of 40, not more; 'xx..' fails 20 of 40.
    expect(openedAt(new CircuitBreaker(settings({ failWindow: 40, failRate: 0.25 })), 'x...'.repeat(30))).toBe(0);
    expect(openedAt(new CircuitBreaker(settings({ failWindow: 40, failRate: 0.25 })), 'xx..'.repeat(30))).toBe(41);
    expect(openedAt(new CircuitBreaker(settings({ failRate: 0 })), 'xxx.'.repeat(30))).toBe(0);
  });

  it('counts only its own caller: failures of another caller in the window do not open this one', () => {
    const breaker = new CircuitBreaker(settings({}));
    for (let i = 0; i < 30; i++) {
      breaker.failed(i % 2 === 0 ? 'leg "a"' : 'leg "b"', 'x');
      expect(breaker.opened).toBeUndefined();
    }
  });

  it('is read from each leg and http reranker, with the defaults (5 in a row, more than 0.5 of 20) elsewhere', () => {
    const pipeline = parsePipeline({
      legs: [
        {
          type: 'http',
          name: 'os',
          url: 'http://e/s?q={{query}}',
          hits: 'h',
          id: 'i',
          score: 's',
          fail_rate: 0.3,
          fail_window: 50,
        },
        { type: 'lexical', name: 'lex' },
      ],
      fusion: { method: 'rrf' },
      rerank: { type: 'http', name: 'tei', url: 'http://r/rerank', shape: 'tei', fail_after: 2, fail_window: 25 },
      level: 'doc',
      k: 5,
    });
    const of = breakerSettingsOf(pipeline);
    expect(of('leg "os"')).toEqual({ failAfter: 5, failRate: 0.3, failWindow: 50 });
    expect(of('reranker "tei"')).toEqual({ failAfter: 2, failRate: 0.5, failWindow: 25 });
    expect(of('embedder openai:m@http://x')).toEqual({ failAfter: 5, failRate: 0.5, failWindow: 20 });
  });

  it('refuses a window under 20 (a rate over fewer queries is noise) and a rate outside 0..1', () => {
    const leg = (extra: Record<string, unknown>) => () =>
      parsePipeline({
        legs: [{ type: 'http', url: 'http://e/s?q={{query}}', hits: 'h', id: 'i', score: 's', ...extra }],
        level: 'doc',
        k: 5,
      });
    expect(leg({ fail_window: 19 })).toThrow(/fail_window/);
    expect(leg({ fail_rate: 1.5 })).toThrow(/fail_rate/);
    expect(leg({ fail_window: 20, fail_rate: 1 })).not.toThrow();
  });
});
