/**
 * An experiment config over the demo corpus (353 queries) whose grid is `cells` BM25
 * retrievers differing only in k1: each cell takes a few hundred milliseconds, so a grid of a
 * few dozen is still running seconds after it starts, which the job tests need.
 */
export function bm25Grid(name: string, corpus: string, cells: number): string {
  const retrievers = Array.from(
    { length: cells },
    (_, i) => `    - { name: k${String(i).padStart(3, '0')}, mode: bm25, k1: ${(0.5 + i * 0.01).toFixed(2)}, b: 0.4 }`,
  );
  return `name: ${name}
corpus: ${corpus}
ks: [1, 5, 10]
context_k: 5
rerank_depth: 10
metrics: [ndcg@10]
grid:
  chunkers: [doc]
  embedders: ['hash:32']
  tokenizers: [unicode61]
  retrievers:
${retrievers.join('\n')}
`;
}

/** The cell file name of retriever number i of bm25Grid. */
export const bm25Cell = (i: number) => `k${String(i).padStart(3, '0')}.json`;
