import fs from 'node:fs';
import path from 'node:path';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('testbed-gold-');
let copies = 0;

/** A fresh copy of the tiny BEIR set (tests never write into fixtures); returns its qrels file. */
export function tinyBeirCopy(): string {
  const dir = path.join(root, `tiny-${++copies}`);
  fs.cpSync(TINY_BEIR, dir, { recursive: true });
  return path.join(dir, 'qrels', 'test.tsv');
}

/** A fresh empty folder for hand-made files. */
export function scratchDir(): string {
  const dir = path.join(root, `scratch-${++copies}`);
  fs.mkdirSync(dir);
  return dir;
}

/** Qrels as plain nested objects, which toEqual compares readably. */
export function plain(qrels: Map<string, Map<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries([...qrels].map(([q, docs]) => [q, Object.fromEntries(docs)]));
}

/** The tiny set's original judgements (test/fixtures/tiny-beir/qrels/test.tsv). */
export const TINY_QRELS = {
  q1: { 'faq-reset': 2, 'error-e1042': 1, 'auth-failures': 1 },
  q2: { 'error-e1042': 2 },
  q3: { plans: 2 },
  q4: { 'install-linux': 2 },
};
