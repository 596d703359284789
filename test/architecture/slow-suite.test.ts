import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import mainConfig from '../../vitest.config.js';
import { slowTestFiles } from '../../vitest.slow.config.js';

/**
 * `npm test` leaves the slow end-to-end files to `npm run test:slow` (issue 43), and .ci/run
 * runs both: a file moved there must still exist under its name (a rename would drop it from the
 * slow suite while nothing else noticed), and must not run twice.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the slow suite', () => {
  it('names files that exist', () => {
    expect(slowTestFiles.length).toBeGreaterThan(0);
    for (const file of slowTestFiles) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('is left out of npm test, and CI runs it after npm test', () => {
    expect(mainConfig.test?.exclude).toEqual(expect.arrayContaining(slowTestFiles));
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['test:slow']).toBe('vitest run --config vitest.slow.config.ts');
    const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    const npmTest = ci.indexOf('scripts/with-cpu-load.sh npm test\n');
    expect(npmTest).toBeGreaterThan(-1);
    expect(ci.indexOf('scripts/with-cpu-load.sh npm run test:slow\n')).toBeGreaterThan(npmTest);
  });
});
