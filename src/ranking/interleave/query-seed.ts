/**
 * A 32-bit seed from a search's query_id and a purpose (FNV-1a over the UTF-16 code units of
 * `purpose:queryId`), so the coin flips of a logged search can be drawn again from its log
 * record alone, and the flips for different decisions about one search (whether to interleave
 * it, how to merge it) come from generators of their own: replaying a merge needs no knowledge
 * of the other decision.
 */
export function querySeed(queryId: string, purpose: string): number {
  const text = `${purpose}:${queryId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
