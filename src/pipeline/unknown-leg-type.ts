import type { z } from 'zod/v4';
import { closestName } from '../did-you-mean.js';
import { legTypes } from '../legs/registry.js';

/**
 * The message for a leg whose `type` is no registered leg type: zod's discriminated union says
 * only "Invalid input", which leaves the caller guessing. This names the type given, every leg
 * type registered now (legs/registry.ts), and the closest one when it looks like a typo
 * (`lexcal` -> `lexical`, closestName's rule). `raw` is the value that was parsed. Undefined for
 * any other issue.
 */
export function unknownLegTypeMessage(issue: z.core.$ZodIssue, raw: unknown): string | undefined {
  const path = issue.path;
  const isLegType = path.length >= 3 && path.at(-3) === 'legs' && path.at(-1) === 'type';
  if (issue.code !== 'invalid_union' || !isLegType) return undefined;
  // zod keeps no input in its issues: the value is read at the issue's path in what was parsed.
  const given = path.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown> | undefined)?.[key], raw);
  const types = legTypes();
  const shown = typeof given === 'string' ? `"${given}"` : given === undefined ? 'missing' : JSON.stringify(given);
  const guess = typeof given === 'string' ? closestName(given, types) : undefined;
  return (
    `unknown leg type ${shown}; the leg types are ${types.join(', ')}` + (guess ? `; did you mean "${guess}"?` : '')
  );
}
