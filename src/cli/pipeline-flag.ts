import fs from 'node:fs';
import { createRequire } from 'node:module';
import { InputError } from '../errors.js';

/**
 * The value of `--pipeline`: inline JSON (`'{"legs": [...]}'`) or a JSON or YAML file holding
 * one pipeline object. Relative paths resolve against the current directory.
 */
export function readPipelineFlag(value: string): Record<string, unknown> {
  const inline = value.trimStart().startsWith('{');
  let parsed: unknown;
  if (inline) {
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      throw new InputError(`--pipeline is not valid JSON: ${(err as Error).message}`);
    }
  } else {
    let text: string;
    try {
      text = fs.readFileSync(value, 'utf8');
    } catch {
      throw new InputError(
        `--pipeline: no such file ${value} (give a JSON or YAML file, or inline JSON starting with "{")`,
      );
    }
    try {
      // Loaded for a pipeline file only: every other search would pay for it at start (50 ms).
      const { parse: parseYaml } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
      parsed = parseYaml(text, { maxAliasCount: 100 }) as unknown;
    } catch (err) {
      throw new InputError(`not valid JSON or YAML: ${(err as Error).message.split('\n')[0]}`, { file: value });
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InputError(
      'a pipeline is an object with "legs" (and optionally "fusion", "k", "level", "filter")',
      inline ? {} : { file: value },
    );
  }
  return parsed as Record<string, unknown>;
}
