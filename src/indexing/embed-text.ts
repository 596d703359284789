/**
 * The text a dense model sees for a chunk: the document title, then the chunk. The title gives a
 * passage cut from the middle of a long page the context a reader would have (BEIR's dense
 * baselines embed title + text the same way); the lexical index sees both fields too.
 */
export function embedText(chunk: { title: string; text: string }): string {
  return chunk.title ? `${chunk.title}\n\n${chunk.text}` : chunk.text;
}
