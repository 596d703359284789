/** Longer "queries" are pasted documents, not questions: refuse rather than run a huge OR. */
export const MAX_QUERY_CHARS = 2000;
