import { expect } from 'vitest';
import { InputError } from '../../src/errors.js';

/** The InputError `promise` rejects with, failing the test when it resolves or rejects with anything else. */
export async function inputError(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}
