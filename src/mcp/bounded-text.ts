/** Most characters a tool sends of one passage or document when asked; the default is far less. */
export const MAX_TEXT_CHARS = 20_000;

/**
 * `text` cut to `maxChars` characters (code points, so no surrogate pair is split), and whether
 * it was: an agent's context is small, and a passage sent whole can hold a book.
 */
export function boundedText(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const points = Array.from(text);
  if (points.length <= maxChars) return { text, truncated: false };
  return { text: points.slice(0, maxChars).join(''), truncated: true };
}
