import { int, num, obj, str } from './schema-parts.js';

/**
 * JSON Schemas (2020-12) of what an index reports about itself: its IndexMeta (stored in the
 * index, src/store/index-meta.ts) and a build's progress (src/indexing/progress.ts), field by
 * field, so a client generated from /openapi.json reads `meta.counts.chunks` as a number.
 */
export const indexSchemas: Record<string, unknown> = {
  IndexMeta: {
    ...obj(
      {
        schemaVersion: int,
        corpus: obj({ path: { ...str, description: 'relative to the corpora root' }, kind: str, contentHash: str }),
        chunker: str,
        tokenizer: str,
        tokenizerChoice: obj({ requested: str, reason: str }),
        embedder: {
          oneOf: [obj({ id: str, dims: int, maxTokens: int }), { type: 'null' }],
          description: 'null when built lexical-only (--embedder none)',
        },
        vectorsPending: {
          ...obj({ embedder: str }),
          description:
            'written lexical-first (serve --ensure): no vectors yet; a build with this embedder replaces it (dense and hybrid answer 503 meanwhile)',
        },
        counts: obj({
          documents: int,
          chunks: int,
          vectors: int,
          truncatedChunks: int,
          maxChunksPerDoc: int,
          skippedEmpty: int,
        }),
        languages: { type: 'object', additionalProperties: int, description: 'documents per language' },
        build: obj(
          {
            startedAt: str,
            seconds: num,
            embedSeconds: num,
            embeddings: obj(
              {
                fromCache: int,
                embedded: int,
                shipped: {
                  ...str,
                  description:
                    'the header of the quantised vectors shipped with the corpus, when every vector came from it',
                },
              },
              ['fromCache', 'embedded'],
            ),
            testbedVersion: str,
          },
          ['startedAt', 'seconds', 'embedSeconds', 'testbedVersion'],
        ),
      },
      ['schemaVersion', 'corpus', 'chunker', 'tokenizer', 'embedder', 'counts', 'languages', 'build'],
    ),
    description: 'IndexMeta (src/store/index-meta.ts): how an index was built',
  },
  BuildProgress: {
    ...obj(
      {
        phase: { type: 'string', enum: ['reading', 'embedding', 'indexing', 'done'] },
        done: { ...int, description: 'documents read (reading) or chunks embedded (embedding)' },
        total: { ...int, description: 'known once reading is over' },
      },
      ['phase', 'done'],
    ),
    description: 'BuildProgress (src/indexing/progress.ts)',
  },
};
