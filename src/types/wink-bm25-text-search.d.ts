/**
 * Minimal declarations for wink-bm25-text-search 3.1.2 (it ships none): only what
 * src/retrievers/wink-bm25.ts uses. Read from node_modules/wink-bm25-text-search/src.
 */
declare module 'wink-bm25-text-search' {
  namespace bm25 {
    interface Config {
      /** Field name -> weight (> 0). A document field missing from here is ignored. */
      fldWeights: Record<string, number>;
      /** Out-of-range values are silently replaced by wink's defaults (k1 1.2, b 0.75, k 1). */
      bm25Params?: { k1?: number; b?: number; k?: number };
      ovFldNames?: string[];
    }
    /** One stage of wink's preparation pipeline; stages are chained, the last must yield tokens. */
    type PrepTask = (input: never) => unknown;
    interface Engine {
      defineConfig(cfg: Config): boolean;
      definePrepTasks(tasks: PrepTask[], field?: string): number;
      /** Throws on a duplicate id or once consolidated. */
      addDoc(doc: Record<string, string>, id: string): number;
      /** Throws with fewer than 3 documents. `fp`: decimals kept per term score (4..9). */
      consolidate(fp?: number): boolean;
      /** [id, score] pairs, score descending, at most max(limit || 10, 1) of them. */
      search(
        text: string,
        limit?: number,
        filter?: (fieldValues: Record<string, unknown>, params: unknown) => boolean,
        params?: unknown,
      ): Array<[string, number]>;
      getTotalDocs(): number;
      getTotalCorpusLength(): number;
    }
  }
  function bm25(): bm25.Engine;
  export = bm25;
}
