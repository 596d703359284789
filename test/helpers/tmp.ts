import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A fresh temp folder, removed after the test file. */
export function tmpDir(prefix = 'testbed-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const TINY_BEIR = path.resolve(import.meta.dirname, '../fixtures/tiny-beir');
/** The bundled demo corpus (corpora/demo): read-only, never written by a test. */
export const DEMO_CORPUS = path.resolve(import.meta.dirname, '../../corpora/demo');
export { SHARED_CORPORA } from './shared-corpora.js';
