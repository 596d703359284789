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
 * One kind of embedder spec (`KIND` or `KIND:ARG`), as typed on the command line and recorded in
 * an index: how it is written in help texts and errors, how its argument is checked without
 * loading any model (so a build request with a typo is refused at once), and how it is created.
 */
export interface EmbedderKindRow {
  /** The kind: the spec up to its first colon. */
  name: string;
  /** The spec as help texts write it: `hash[:DIMS]`. */
  form: string;
  /** Refuses a malformed argument with an InputError; `spec` is the whole spec, for messages. */
  check(arg: string | undefined, spec: string): void;
  /** The embedder, null for none. It checks what it reads itself: createEmbedder does not call `check` first. */
  create(arg: string | undefined, options: EmbedderOptions): Promise<Embedder | null>;
}

/**
 * transformers.js (and onnxruntime under it, ~40 MiB per thread) is loaded when a transformers
 * model is first asked for, not by every process and search worker that could ask for one.
 */
const loadTransformersEmbedder = async (model: string) =>
  (await import('./transformers.js')).loadTransformersEmbedder(model);

/** A kind written alone: an argument is refused. */
const noArgument = (arg: string | undefined, spec: string): void => {
  if (arg !== undefined)
    throw new InputError(`embedder "${spec.slice(0, spec.indexOf(':'))}" takes no argument, got "${spec}"`);
};

const needsModel = (arg: string | undefined): void => {
  if (!arg) throw new InputError('transformers embedder needs a model: transformers:<hub id or folder>');
};

function parseDims(arg: string): number {
  const n = Number(arg);
  if (!Number.isInteger(n) || n < 2 || n > 65536)
    throw new InputError(`hash embedder dims must be an integer in 2..65536, got "${arg}"`);
  return n;
}

/** Every built-in kind, in the order help texts and errors list them; registry.ts serves these rows and any registered at run time. */
export const EMBEDDER_TABLE = [
  // Lexical only: the index holds no vectors.
  { name: 'none', form: 'none', check: noArgument, create: async () => null },
  {
    name: 'hash',
    form: 'hash[:DIMS]',
    check: (arg) => void (arg === undefined || parseDims(arg)),
    create: async (arg) => createHashEmbedder(arg === undefined ? undefined : parseDims(arg)),
  },
  {
    name: 'use-lite',
    form: 'use-lite',
    check: noArgument,
    create: async (_arg, options) => createUseLiteEmbedder({ threads: options.threads }),
  },
  {
    name: 'transformers',
    form: 'transformers:<model>',
    check: needsModel,
    create: async (arg) => {
      needsModel(arg);
      return loadTransformersEmbedder(arg!);
    },
  },
  {
    name: 'auto',
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
  // Any OpenAI-compatible /embeddings endpoint.
  {
    name: 'openai',
    form: OPENAI_SPEC_FORM,
    check: (arg) => void parseOpenAISpec(arg),
    create: (arg) => createOpenAIEmbedder(arg),
  },
] as const satisfies readonly EmbedderKindRow[];
