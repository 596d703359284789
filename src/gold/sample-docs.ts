import type { Doc } from '../corpus/types.js';
import { createRng, randomIndex } from '../stats/prng.js';

/** The part of a document a question is generated from: its first MAX_PASSAGE_CHARS characters. */
export interface Passage {
  docId: string;
  title: string;
  text: string;
}

/**
 * Characters of a document's text sent to the model: about 400 English words, one section of a
 * help page. A whole long document would cost tokens the question does not need and exceed a
 * small model's context; the question is about this opening, which the document holds, so the
 * document is still its answer.
 */
export const MAX_PASSAGE_CHARS = 2000;

/** A document's opening, cut at the last white space before MAX_PASSAGE_CHARS when there is one near it. */
export function passageOf(doc: Doc): Passage {
  let text = doc.text.trim();
  if (text.length > MAX_PASSAGE_CHARS) {
    const cut = text.slice(0, MAX_PASSAGE_CHARS);
    const space = cut.search(/\s\S*$/);
    text = (space > MAX_PASSAGE_CHARS * 0.8 ? cut.slice(0, space) : cut).trimEnd();
  }
  return { docId: doc.id, title: doc.title, text };
}

/** The sampled passages in corpus order, and how many documents the corpus has. */
export interface DocSample {
  total: number;
  passages: Passage[];
}

/**
 * `size` documents drawn uniformly without replacement (all of them when `size` is undefined or
 * at least the corpus), in one pass with reservoir sampling (Vitter's algorithm R) driven by the
 * seeded PRNG, so the same corpus and seed give the same documents on every machine, and only
 * `size` passages are held however large the corpus. Returned in corpus order.
 */
export async function sampleDocs(docs: AsyncIterable<Doc>, size: number | undefined, seed: number): Promise<DocSample> {
  const rng = createRng(seed);
  const reservoir: { at: number; passage: Passage }[] = [];
  let total = 0;
  for await (const doc of docs) {
    const at = total++;
    if (size === undefined || reservoir.length < size) {
      reservoir.push({ at, passage: passageOf(doc) });
      continue;
    }
    const j = randomIndex(rng, at + 1);
    if (j < size) reservoir[j] = { at, passage: passageOf(doc) };
  }
  reservoir.sort((a, b) => a.at - b.at);
  return { total, passages: reservoir.map((r) => r.passage) };
}
