import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runChild } from '../helpers/run-child.js';

/**
 * The tree stays formatted because `npm test` runs `biome check .` before anything else, and
 * that check fails on a file Biome would format differently (or that breaks a lint rule). A probe
 * file is written where the tree's own files are (Biome reads .gitignore, so a temp folder
 * outside the checkout is not checked the same way) and removed again.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const probe = path.join(import.meta.dirname, `format-probe-${process.pid}.ts`);

const check = async (file: string) => (await runChild(BIOME, ['check', file], { cwd: ROOT })).status;

describe('formatting', () => {
  afterEach(() => fs.rmSync(probe, { force: true }));

  it('npm test starts with the Biome check of the whole tree', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test!.startsWith('biome check . && ')).toBe(true);
    expect(pkg.scripts.lint).toBe('biome check .');
  });

  it('fails on an unformatted file and passes once it is formatted', async () => {
    // Double quotes, no semicolons, no spaces inside braces: three things the formatter changes.
    fs.writeFileSync(probe, 'const a = {b:"x"}\nexport default a\n');
    expect(await check(probe)).not.toBe(0);
    fs.writeFileSync(probe, "const a = { b: 'x' };\nexport default a;\n");
    expect(await check(probe)).toBe(0);
  });

  it('fails on a line the formatter would wrap at 120 characters', async () => {
    const long = Array.from({ length: 12 }, (_, i) => `'item-${i}'`).join(', ');
    fs.writeFileSync(probe, `export const list = [${long}];\n`);
    expect(`export const list = [${long}];`.length).toBeGreaterThan(120);
    expect(await check(probe)).not.toBe(0);
  });
});
