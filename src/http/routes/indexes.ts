import { isJsonMediaType } from '../guards/media-type.js';
import { Hono } from 'hono';
import { z } from 'zod/v4';
import type { IndexCatalog } from '../../serving/catalog/index-catalog.js';
import type { IndexStatus } from '../../serving/catalog/index-status.js';
import { indexFingerprint } from '../../store/index-fingerprint.js';
import { checkIndexName } from '../../schemas/index-names.js';
import { InputError, NotFoundError } from '../../errors.js';
import { checkServedEmbedderSpec } from '../../embedders/served-embedder.js';
import { corpusPathInRoot } from '../corpus-path.js';
import { DEFAULT_TOKENIZER, parseTokenizer } from '../../store/tokenizers.js';
import { checkChunkerSpec, DEFAULT_CHUNKER } from '../../indexing/choose-chunker.js';
import { readJsonBody } from '../json-body.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import { requestComponent } from '../openapi/components.js';
import { INDEX_OPERATIONS as OPS } from './index-operations.js';
import { knownRoots, shownAnswer, type ServedRoots } from '../shown-paths.js';
import type { RemoteAllowList } from '../../remote/allowed-origins.js';

/** POST /indexes' body; the name, chunker, tokenizer and embedder are checked further by their own modules. */
const buildSchema = requestComponent(
  'BuildRequest',
  z
    .object({
      name: z.string(),
      corpus: z
        .string()
        .min(1)
        .describe(
          "inside the corpora root: from the server's folder as the CLI reads it (corpora/demo), or from the root (demo)",
        ),
      chunker: z.string().default(DEFAULT_CHUNKER),
      embedder: z.string().default('auto'),
      tokenizer: z.string().default(DEFAULT_TOKENIZER),
    })
    .strict(),
);

/**
 * Build, inspect, list and delete indexes. A corpus path is read as the CLI reads it from the
 * server's folder (`corpora/demo`) or relative to `corporaRoot` (`demo`), and only inside it.
 * Answers write paths relative to the data and corpora roots (see shownAnswer); an index file
 * that cannot be read is listed with `status: "unreadable"` and why, beside the others, and a
 * first build that has no file yet as `status: "absent"` with its job.
 */
export function indexRoutes(
  catalog: IndexCatalog,
  corporaRoot: string,
  allowedRemoteOrigins: RemoteAllowList = [],
): Hono {
  const app = new Hono();
  const served: ServedRoots = { data: catalog.dataDir, corpora: corporaRoot };
  const shown = <T>(value: T) => shownAnswer(value, knownRoots(served));

  // Every known index: files on disk, and first builds (queued, running, failed, interrupted) without one yet.
  app.get('/', documented(OPS.listIndexes), (c) => {
    const indexes = catalog
      .names()
      .map((name) => describe(catalog, name, catalog.indexes.status(name)))
      .filter((info) => info.status !== 'absent' || info.job);
    return c.json(shown({ indexes }));
  });

  app.get('/:name', documented(OPS.getIndex), (c) => {
    const name = checkIndexName(c.req.param('name'));
    const info = describe(catalog, name, catalog.indexes.status(name));
    if (info.status === 'absent' && !info.job) throw new NotFoundError(`no index named "${name}"`);
    return c.json(shown(info));
  });

  app.post('/', documented(OPS.buildIndex), async (c) => {
    if (!isJsonMediaType(c.req.header('content-type')))
      throw new InputError('POST /indexes expects Content-Type: application/json');
    const body = await readJsonBody(c.req.raw);
    const req = buildSchema.parse(body);
    checkIndexName(req.name);
    checkChunkerSpec(req.chunker);
    parseTokenizer(req.tokenizer);
    checkServedEmbedderSpec(req.embedder, { field: 'embedder' }, allowedRemoteOrigins);
    const corpus = corpusPathInRoot(corporaRoot, req.corpus, { field: 'corpus', root: 'corpora root' });
    const job = catalog.builds.start(req.name, { ...req, corpus });
    return c.json(shown({ job }), 202);
  });

  app.delete('/:name', documented(OPS.deleteIndex), (c) => {
    const name = checkIndexName(c.req.param('name'));
    catalog.remove(name);
    return c.json({ deleted: name });
  });

  app.onError((err, c) => errorResponse(err, c, served));
  return app;
}

/**
 * An index as GET /indexes shows it: its file's status (`absent` before a first build finishes),
 * metadata, latest build; a readable one with its fingerprint, which a report records for each
 * configuration's index, so a client can tell which served index an experiment measured.
 */
function describe(catalog: IndexCatalog, name: string, status: IndexStatus | undefined) {
  const job = catalog.builds.job(name) ?? null;
  if (status?.status === 'ready')
    return { name, status: status.status, meta: status.meta, fingerprint: indexFingerprint(status.meta), job };
  if (status?.status === 'unreadable') return { name, status: status.status, error: status.error, meta: null, job };
  return { name, status: 'absent' as const, meta: null, job };
}
