import { InputError } from '../errors.js';
import { Registry } from '../registry.js';
import { EMBEDDER_TABLE, type EmbedderKindRow, type EmbedderOptions } from './embedder-table.js';
import type { Embedder } from './types.js';

export { AUTO_PREFERRED_MODEL, type EmbedderKindRow, type EmbedderOptions } from './embedder-table.js';

const kinds = new Registry<EmbedderKindRow>('an embedder kind', EMBEDDER_TABLE);

/**
 * The embedder kinds known now, built-in then registered, in the order help texts and errors
 * list them: `none`, `hash[:DIMS]`, `use-lite`, `transformers:<model>`, `auto`,
 * `openai:<model>@<base-url>[#dimensions=N]` (any OpenAI-compatible /embeddings endpoint).
 */
export function embedderKinds(): readonly EmbedderKindRow[] {
  return kinds.rows();
}

/** Adds an embedder kind at run time (tests and extensions) and returns the function that removes it again; a kind taken is refused. */
export function registerEmbedderKind(row: EmbedderKindRow): () => void {
  if (!/^[a-z][a-z0-9-]*$/.test(row.name))
    throw new Error(`an embedder kind is lower case letters, digits and -, not ${JSON.stringify(row.name)}`);
  return kinds.register(row);
}

/** Creates the embedder a spec names; null for `none`. */
export async function createEmbedder(spec: string, options: EmbedderOptions = {}): Promise<Embedder | null> {
  const { row, arg } = lookup(spec);
  return row.create(arg, options);
}

/**
 * Checks a spec's form without loading any model, so a build request with a typo is refused at
 * once instead of failing in the background. (Whether a named model exists is only known by
 * loading it.)
 */
export function checkEmbedderSpec(spec: string): void {
  const { row, arg } = lookup(spec);
  row.check(arg, spec);
}

function lookup(spec: string): { row: EmbedderKindRow; arg: string | undefined } {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const arg = colon < 0 ? undefined : spec.slice(colon + 1);
  const row = kinds.get(kind);
  if (!row)
    throw new InputError(
      `unknown embedder "${spec}"; expected one of ${kinds
        .rows()
        .map((r) => r.form)
        .join(', ')}`,
    );
  return { row, arg };
}
