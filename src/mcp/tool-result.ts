import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v4';
import { InputError, TestbedError } from '../errors.js';

/** A tool's answer: the JSON as text (what every client shows a model) and as structured content. */
export function toolAnswer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A failed call as MCP reports a tool's failure: a result with `isError`, so the model reads why
 * and can correct its arguments. Bad input names the argument (`argument "k": ...`); our own
 * errors say what failed; anything else is a bug, answered "internal error" with its detail
 * logged on stderr (never a stack trace to the client, nor on stdout, which is the stdio
 * transport's channel).
 */
export function toolError(err: unknown, scrub: (message: string) => string = (m) => m): CallToolResult {
  const { code, message, argument } = describe(err);
  if (code === 'internal') console.error(err);
  const text = argument ? `argument "${argument}": ${scrub(message)}` : scrub(message);
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: { error: { code, message: scrub(message), ...(argument && { argument }) } },
  };
}

function describe(err: unknown): { code: string; message: string; argument?: string } {
  if (err instanceof InputError)
    return { code: err.code, message: err.detail, ...(err.where.field && { argument: err.where.field }) };
  if (err instanceof TestbedError) return { code: err.code, message: err.message };
  if (err instanceof z.ZodError) {
    const issue = err.issues[0];
    const argument = issue?.path.join('.');
    return { code: 'bad_input', message: issue?.message ?? 'invalid', ...(argument && { argument }) };
  }
  return { code: 'internal', message: 'internal error' };
}

/** `err` with its argument moved under `prefix` (`legs.0` -> `pipeline.legs.0`), or renamed by `rename`. */
export function renamedArgument(err: unknown, rename: (field: string) => string): unknown {
  if (!(err instanceof InputError) || !err.where.field) return err;
  return new InputError(err.detail, { ...err.where, field: rename(err.where.field) });
}

/** `read()`, with an InputError that names no argument (a path check's) said to be about `argument`. */
export function aboutArgument<T>(argument: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof InputError && !err.where.field)
      throw new InputError(err.detail, { ...err.where, field: argument });
    throw err;
  }
}
