import { InputError, UnavailableError } from '../errors.js';
import { createHashEmbedder } from './hash.js';
import { createOpenAIEmbedder } from './openai.js';
import { OPENAI_SPEC_FORM, parseOpenAISpec } from './openai-spec.js';
import type { Embedder } from './types.js';
import { createUseLiteEmbedder } from './use-lite.js';

/** The stronger model `auto` prefers when this machine has it (local folder, cache or hub). */
export const AUTO_PREFERRED_MODEL = 'Xenova/all-MiniLM-L6-v2';

export interface EmbedderOptions {
  /** Told which model `auto` chose and why, so the choice is never silent. */
  onNotice?: (message: string) => void;
  /** Worker threads for encoders that use them (use-lite). */
  threads?: number;
}

type Factory = (arg: string | undefined, options: EmbedderOptions) => Promise<Embedder | null>;

/**
 * transformers.js (and onnxruntime under it, ~40 MiB per thread) is loaded when a transformers
 * model is first asked for, not by every process and search worker that could ask for one.
 */
const loadTransformersEmbedder = async (model: string) =>
  (await import('./transformers.js')).loadTransformersEmbedder(model);

/**
 * Embedder specs, as typed on the command line and recorded in an index:
 * `none`, `hash[:DIMS]`, `use-lite`, `transformers:<hub id or folder>`, `auto`,
 * `openai:<model>@<base-url>[#dimensions=N]` (any OpenAI-compatible /embeddings endpoint).
 */
const FACTORIES: Record<string, Factory> = {
  none: async () => null,
  hash: async (arg) => createHashEmbedder(arg === undefined ? undefined : parseDims(arg)),
  'use-lite': async (_arg, options) => createUseLiteEmbedder({ threads: options.threads }),
  transformers: async (arg) => {
    if (!arg) throw new InputError('transformers embedder needs a model: transformers:<hub id or folder>');
    return loadTransformersEmbedder(arg);
  },
  auto: async (_arg, options) => {
    try {
      const e = await loadTransformersEmbedder(AUTO_PREFERRED_MODEL);
      options.onNotice?.(`embedder auto: using transformers:${AUTO_PREFERRED_MODEL}`);
      return e;
    } catch (err) {
      if (!(err instanceof UnavailableError)) throw err;
      options.onNotice?.(
        `embedder auto: ${AUTO_PREFERRED_MODEL} is not available on this machine (set MODELS_DIR to a folder holding it), using use-lite`,
      );
      return createUseLiteEmbedder({ threads: options.threads });
    }
  },
  openai: (arg) => createOpenAIEmbedder(arg),
};

/** How each kind is written, for help texts and errors. */
export const EMBEDDER_FORMS: Record<string, string> = {
  none: 'none',
  hash: 'hash[:DIMS]',
  'use-lite': 'use-lite',
  transformers: 'transformers:<model>',
  auto: 'auto',
  openai: OPENAI_SPEC_FORM,
};

export const EMBEDDER_KINDS = Object.keys(FACTORIES);

/** Creates the embedder a spec names; null for `none`. */
export async function createEmbedder(spec: string, options: EmbedderOptions = {}): Promise<Embedder | null> {
  const { factory, arg } = lookup(spec);
  return factory(arg, options);
}

/**
 * Checks a spec's form without loading any model, so a build request with a typo is refused at
 * once instead of failing in the background. (Whether a named model exists is only known by
 * loading it.)
 */
export function checkEmbedderSpec(spec: string): void {
  const { kind, arg } = lookup(spec);
  if (kind === 'hash' && arg !== undefined) parseDims(arg);
  if (kind === 'transformers' && !arg)
    throw new InputError('transformers embedder needs a model: transformers:<hub id or folder>');
  if (kind === 'openai') parseOpenAISpec(arg);
  if ((kind === 'none' || kind === 'use-lite' || kind === 'auto') && arg !== undefined)
    throw new InputError(`embedder "${kind}" takes no argument, got "${spec}"`);
}

function lookup(spec: string): { kind: string; arg: string | undefined; factory: Factory } {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const arg = colon < 0 ? undefined : spec.slice(colon + 1);
  const factory = Object.hasOwn(FACTORIES, kind) ? FACTORIES[kind] : undefined;
  if (!factory)
    throw new InputError(
      `unknown embedder "${spec}"; expected one of ${EMBEDDER_KINDS.map((k) => EMBEDDER_FORMS[k]).join(', ')}`,
    );
  return { kind, arg, factory };
}

function parseDims(arg: string): number {
  const n = Number(arg);
  if (!Number.isInteger(n) || n < 2 || n > 65536)
    throw new InputError(`hash embedder dims must be an integer in 2..65536, got "${arg}"`);
  return n;
}
