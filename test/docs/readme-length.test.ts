import { describe, expect, it } from 'vitest';
import { readDoc } from './markdown.js';

describe('README.md', () => {
  it('fits on a screen or two: under 300 lines (the rest of the documentation is in docs/)', () => {
    const lines = readDoc('README.md').split('\n').length;
    expect(lines).toBeLessThan(300);
  });
});
