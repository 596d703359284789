import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/metrics/format-value.js';

describe('formatValue (trec_eval %6.4f)', () => {
  it('prints 4 decimals', () => {
    expect(formatValue(1 / 3)).toBe('0.3333');
    expect(formatValue(2 / 3)).toBe('0.6667');
    expect(formatValue(1)).toBe('1.0000');
    expect(formatValue(0)).toBe('0.0000');
  });

  it('rounds exact ties to even as printf does, not up as toFixed does', () => {
    // 1/32 = 0.03125 exactly: 312.5 ten-thousandths, even neighbour 312.
    expect(formatValue(1 / 32)).toBe('0.0312');
    // 3/32 = 0.09375: 937.5 -> 938.
    expect(formatValue(3 / 32)).toBe('0.0938');
    // 5/32 = 0.15625: 1562.5 -> 1562.
    expect(formatValue(5 / 32)).toBe('0.1562');
    expect(formatValue(-1 / 32)).toBe('-0.0312');
  });

  it('rounds non-ties to nearest (0.00005 is not exactly representable)', () => {
    // The double nearest 0.12345 is just above it, the one nearest 0.12355 just below, so both
    // round to 0.1235 on their exact binary value, as printf does.
    expect(formatValue(0.12345)).toBe('0.1235');
    expect(formatValue(0.12355)).toBe('0.1235');
  });
});
