import { fileURLToPath } from 'node:url';

/** Absolute path of a file under test/fixtures/eval. */
export function evalFixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/eval/${name}`, import.meta.url));
}
