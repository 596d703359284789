/**
 * The fields every pushed chunk has, mapped the same in OpenSearch and Elasticsearch: ids and
 * the language as keywords (exact filters, and the legs read them back as ids), title and text
 * analysed for BM25, metadata as an object whose fields the engine maps as it first sees them.
 */
export const TEXT_FIELD_MAPPINGS = {
  doc_id: { type: 'keyword' },
  chunk_id: { type: 'keyword' },
  title: { type: 'text' },
  text: { type: 'text' },
  lang: { type: 'keyword' },
  metadata: { type: 'object' },
} as const;
