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

/**
 * transformers.js (and onnxruntime under it, ~40 MiB per thread) is loaded when a transformers
 * model is first asked for, not by every process and search worker that could ask for one.
 */
const loadTransformersEmbedder = async (model: string) =>
  (await import('./transformers.js')).loadTransformersEmbedder(model);

/** One kind of embedder: how its spec is written, how its argument is checked, how it is made. */
interface EmbedderKind {
  /** How the spec is written, for help texts and errors (`hash[:DIMS]`). */
  form: string;
  /** Refuses a malformed argument without loading anything (a model's existence is only known by loading it). */
  check: (arg: string | undefined, spec: string) => void;
  create: (arg: string | undefined, options: EmbedderOptions) => Promise<Embedder | null>;
}

/** For the kinds written without an argument (`none`, `use-lite`, `auto`). */
const noArgument = (arg: string | undefined, spec: string) => {
  if (arg !== undefined)
    throw new InputError(`embedder "${spec.slice(0, spec.indexOf(':'))}" takes no argument, got "${spec}"`);
};

const needsModel = (arg: string | undefined): string => {
  if (!arg) throw new InputError('transformers embedder needs a model: transformers:<hub id or folder>');
  return arg;
};

/**
 * Embedder specs, as typed on the command line and recorded in an index, one row per kind:
 * `none`, `hash[:DIMS]`, `use-lite`, `transformers:<hub id or folder>`, `auto`,
 * `openai:<model>@<base-url>[#dimensions=N]` (any OpenAI-compatible /embeddings endpoint).
 */
const EMBEDDERS: Record<string, EmbedderKind> = {
  none: { form: 'none', check: noArgument, create: async () => null },
  hash: {
    form: 'hash[:DIMS]',
    check: (arg) => void (arg !== undefined && parseDims(arg)),
    create: async (arg) => createHashEmbedder(arg === undefined ? undefined : parseDims(arg)),
  },
  'use-lite': {
    form: 'use-lite',
    check: noArgument,
    create: async (_arg, options) => createUseLiteEmbedder({ threads: options.threads }),
  },
  transformers: {
    form: 'transformers:<model>',
    check: (arg) => void needsModel(arg),
    create: async (arg) => loadTransformersEmbedder(needsModel(arg)),
  },
  auto: {
    form: 'auto',
    check: noArgument,
    create: async (_arg, options) => {
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
  },
  openai: {
    form: OPENAI_SPEC_FORM,
    check: (arg) => void parseOpenAISpec(arg),
    create: (arg) => createOpenAIEmbedder(arg),
  },
};

/** How each kind is written, for help texts and errors. */
export const EMBEDDER_FORMS: Record<string, string> = Object.fromEntries(
  Object.entries(EMBEDDERS).map(([kind, row]) => [kind, row.form]),
);

export const EMBEDDER_KINDS = Object.keys(EMBEDDERS);

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

function lookup(spec: string): { arg: string | undefined; row: EmbedderKind } {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const arg = colon < 0 ? undefined : spec.slice(colon + 1);
  // Own keys only: a spec read from an index file must not find `toString` on the prototype.
  const row = Object.hasOwn(EMBEDDERS, kind) ? EMBEDDERS[kind] : undefined;
  if (!row)
    throw new InputError(
      `unknown embedder "${spec}"; expected one of ${EMBEDDER_KINDS.map((k) => EMBEDDER_FORMS[k]).join(', ')}`,
    );
  return { arg, row };
}

function parseDims(arg: string): number {
  const n = Number(arg);
  if (!Number.isInteger(n) || n < 2 || n > 65536)
    throw new InputError(`hash embedder dims must be an integer in 2..65536, got "${arg}"`);
  return n;
}
