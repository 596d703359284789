import { InputError } from '../errors.js';
import type { Chunker } from './chunker.js';
import { docChunker } from './doc-chunker.js';
import { sentencesChunker } from './sentences-chunker.js';
import { structureChunker } from './structure-chunker.js';
import { wordsChunker } from './words-chunker.js';

/** The chunker kinds a spec can name. */
export type ChunkerKind = 'doc' | 'words' | 'structure' | 'sentences';

interface KindSpec {
  /** The spec's form as shown to users. */
  form: string;
  /** Names of the numeric parameters; those after `required` are optional and default to 0. */
  params: readonly string[];
  required: number;
  /** Builds the chunker from parsed numbers, or returns why they are out of range. */
  build(args: readonly number[]): Chunker | string;
}

/** The `[size, overlap]` checks shared by the two sliding-window kinds. */
function windowed(name: string, make: (n: number, overlap: number) => Chunker) {
  return ([n = 0, overlap = 0]: readonly number[]): Chunker | string => {
    if (n < 1) return `${name} must be at least 1`;
    // An overlap as large as the window would never move on.
    if (overlap >= n) return `OVERLAP (${overlap}) must be less than ${name} (${n})`;
    return make(n, overlap);
  };
}

const KINDS: Record<ChunkerKind, KindSpec> = {
  doc: { form: 'doc', params: [], required: 0, build: () => docChunker() },
  words: {
    form: 'words:SIZE[:OVERLAP]',
    params: ['SIZE', 'OVERLAP'],
    required: 1,
    build: windowed('SIZE', wordsChunker),
  },
  sentences: {
    form: 'sentences:N[:OVERLAP]',
    params: ['N', 'OVERLAP'],
    required: 1,
    build: windowed('N', sentencesChunker),
  },
  structure: {
    form: 'structure:MAX',
    params: ['MAX'],
    required: 1,
    build: ([max = 0]) => (max < 1 ? 'MAX must be at least 1' : structureChunker(max)),
  },
};

/** Every valid spec form, for help texts and error messages. */
export const CHUNKER_FORMS: readonly string[] = Object.values(KINDS).map((k) => k.form);

/**
 * The one place chunker specs are read. Accepts `doc`, `words:SIZE[:OVERLAP]`,
 * `sentences:N[:OVERLAP]` and `structure:MAX` with whole decimal numbers; the chunker's `spec`
 * is normalised (omitted OVERLAP spelled out as 0, leading zeros dropped) so equal settings
 * compare equal. Anything else is an InputError quoting the spec and listing the valid forms.
 */
export function parseChunker(spec: string): Chunker {
  const fail = (why: string): never => {
    throw new InputError(`invalid chunker spec "${spec}": ${why}; valid forms: ${CHUNKER_FORMS.join(', ')}`);
  };
  const [name = '', ...raw] = spec.split(':');
  if (!Object.hasOwn(KINDS, name)) fail(`unknown kind "${name}"`);
  const kind = KINDS[name as ChunkerKind];
  if (raw.length < kind.required || raw.length > kind.params.length) {
    fail(`${name} takes ${kind.form.slice(name.length + 1) || 'no parameters'}`);
  }
  const args = raw.map((text, i) => {
    if (!/^\d+$/.test(text)) fail(`${kind.params[i]} must be a whole number, got "${text}"`);
    const n = Number(text);
    if (!Number.isSafeInteger(n)) fail(`${kind.params[i]} is too large`);
    return n;
  });
  const built = kind.build(args);
  return typeof built === 'string' ? fail(built) : built;
}
