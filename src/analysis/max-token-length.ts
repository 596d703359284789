/**
 * The longest token, in UTF-16 code units, that analysis and chunking let through. 255 is
 * Lucene StandardTokenizer's default maxTokenLength; like Lucene, a longer run is not dropped but
 * split into consecutive pieces of at most this length, so a 50 MB base64 blob becomes many
 * bounded terms instead of one term (or one chunk) the size of the blob.
 */
export const MAX_TOKEN_LENGTH = 255;

/**
 * Where the first piece of `text[start, end)` ends: `start + max` or `end`, whichever comes
 * first, moved back one code unit rather than split a surrogate pair (so no piece holds half a
 * character). Always past `start` when `end > start`.
 */
export function pieceEnd(text: string, start: number, end: number, max = MAX_TOKEN_LENGTH): number {
  if (end - start <= max) return end;
  const cut = start + max;
  const splitsPair = isHighSurrogate(text.charCodeAt(cut - 1)) && isLowSurrogate(text.charCodeAt(cut));
  return splitsPair && cut - 1 > start ? cut - 1 : cut;
}

/** `token` itself if short enough, else its consecutive pieces of at most `max` code units. */
export function splitLongToken(token: string, max = MAX_TOKEN_LENGTH): string[] {
  if (token.length <= max) return [token];
  const pieces: string[] = [];
  for (let start = 0; start < token.length; ) {
    const end = pieceEnd(token, start, token.length, max);
    pieces.push(token.slice(start, end));
    start = end;
  }
  return pieces;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
