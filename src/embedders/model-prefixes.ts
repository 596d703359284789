import type { EmbedRole } from './types.js';

/** The text a model family was trained to see before queries and passages. */
export interface ModelPrefixes {
  query: string;
  passage: string;
}

interface PrefixRule extends ModelPrefixes {
  /** Tested against the model's last path segment, lowercased (`e5-small-v2`, not the org). */
  pattern: RegExp;
}

const NONE: ModelPrefixes = { query: '', passage: '' };

/**
 * Asymmetric model families and the prefixes their model cards require. Without them the
 * vectors still look fine but retrieval quality drops noticeably, so this table is the one
 * place to add a family. First match wins; anything unmatched gets no prefix.
 */
const RULES: PrefixRule[] = [
  // e5 (english and multilingual). The -instruct variants want "Instruct: <task>\nQuery: ",
  // which needs a task description we do not have, so they are left unprefixed.
  { pattern: /^(multilingual-)?e5-(small|base|large)(?!.*instruct)/, query: 'query: ', passage: 'passage: ' },
  // bge english v1 and v1.5: an instruction on queries only. (bge-m3 and the zh models differ.)
  {
    pattern: /^bge-(small|base|large)-en(-v1\.5)?$/,
    query: 'Represent this sentence for searching relevant passages: ',
    passage: '',
  },
];

/** The prefixes for `model` (a hub id like `Xenova/bge-small-en-v1.5` or a folder path). */
export function prefixesFor(model: string): ModelPrefixes {
  const name = lastSegment(model).toLowerCase();
  const rule = RULES.find((r) => r.pattern.test(name));
  return rule ? { query: rule.query, passage: rule.passage } : NONE;
}

/** The prefix to put before a text of the given role for `model`. */
export function prefixFor(model: string, role: EmbedRole): string {
  return prefixesFor(model)[role];
}

// Only the final segment names the model: a folder such as /data/e5-runs/minilm is not e5.
function lastSegment(model: string): string {
  const parts = model.split(/[\\/]/).filter((p) => p.length > 0);
  return parts[parts.length - 1] ?? model;
}
