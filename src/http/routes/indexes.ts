import { Hono } from 'hono';
import { z } from 'zod';
import type { IndexCatalog } from '../../catalog/index-catalog.js';
import { checkIndexName } from '../../spec/index-names.js';
import { InputError, NotFoundError } from '../../errors.js';
import { checkServedEmbedderSpec } from '../../embedders/served-embedder.js';
import { corpusPathInRoot } from '../corpus-path.js';
import { DEFAULT_TOKENIZER, parseTokenizer } from '../../store/tokenizers.js';
import { checkChunkerSpec, DEFAULT_CHUNKER } from '../../indexing/choose-chunker.js';

const buildSchema = z.object({
  name: z.string(),
  corpus: z.string().min(1),
  chunker: z.string().default(DEFAULT_CHUNKER),
  embedder: z.string().default('auto'),
  tokenizer: z.string().default(DEFAULT_TOKENIZER),
});

/**
 * Build, inspect, list and delete indexes. A corpus path is read as the CLI reads it from the
 * server's folder (`corpora/demo`) or relative to `corporaRoot` (`demo`), and only inside it.
 */
export function indexRoutes(catalog: IndexCatalog, corporaRoot: string): Hono {
  const app = new Hono();

  app.get('/', (c) => c.json({ indexes: catalog.names().map((name) => describe(catalog, name)) }));

  app.get('/:name', (c) => {
    const name = checkIndexName(c.req.param('name'));
    const info = describe(catalog, name);
    if (!info.meta && !info.job) throw new NotFoundError(`no index named "${name}"`);
    return c.json(info);
  });

  app.post('/', async (c) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) throw new InputError('POST /indexes expects Content-Type: application/json');
    const body = await c.req.json().catch(() => {
      throw new InputError('request body is not valid JSON');
    });
    const req = buildSchema.strict().parse(body);
    checkIndexName(req.name);
    checkChunkerSpec(req.chunker);
    parseTokenizer(req.tokenizer);
    checkServedEmbedderSpec(req.embedder, { field: 'embedder' });
    const corpus = corpusPathInRoot(corporaRoot, req.corpus, { field: 'corpus', root: 'corpora root' });
    const job = catalog.startBuild(req.name, { ...req, corpus });
    return c.json({ job }, 202);
  });

  app.delete('/:name', (c) => {
    const name = checkIndexName(c.req.param('name'));
    catalog.remove(name);
    return c.json({ deleted: name });
  });

  return app;
}

function describe(catalog: IndexCatalog, name: string) {
  let meta;
  try {
    meta = catalog.get(name).meta;
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  return { name, meta: meta ?? null, job: catalog.job(name) ?? null };
}
