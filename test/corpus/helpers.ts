import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect } from 'vitest';
import { InputError } from '../../src/errors.js';

/** Absolute path of a file under test/fixtures/corpus. */
export function fixture(...parts: string[]): string {
  return fileURLToPath(new URL(['../fixtures/corpus', ...parts].join('/'), import.meta.url));
}

/** The tiny BEIR set shared by the whole project. */
export const TINY_BEIR = fileURLToPath(new URL('../fixtures/tiny-beir', import.meta.url));

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed after the current test. */
export function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-test-'));
  made.push(dir);
  return dir;
}

/** Writes `content` to `name` inside `dir` (creating sub-folders) and returns the absolute path. */
export function writeTmp(dir: string, name: string, content: string | Uint8Array): string {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Drains an async generator into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * Asserts that `run` rejects with an InputError whose message names the file, the line and
 * (when given) the field, plus any extra text.
 */
export async function expectInputError(
  run: Promise<unknown>,
  where: { file: string; line?: number; field?: string },
  ...texts: (string | RegExp)[]
): Promise<InputError> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  const error = err as InputError;
  const at = where.line === undefined ? where.file : `${where.file}:${where.line}`;
  // The location leads the message; the following ':' or ' (' keeps "f:1" from matching "f:12".
  expect(
    [`${at}:`, `${at} (`].some((start) => error.message.startsWith(start)),
    error.message,
  ).toBe(true);
  if (where.field !== undefined) expect(error.message).toContain(`(field "${where.field}")`);
  expect(error.where).toMatchObject(where);
  for (const text of texts) {
    if (typeof text === 'string') expect(error.message).toContain(text);
    else expect(error.message).toMatch(text);
  }
  return error;
}
