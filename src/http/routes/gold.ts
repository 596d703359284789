import { Hono } from 'hono';
import { z } from 'zod';
import { InputError, NotFoundError } from '../../errors.js';
import { addJudgement, readAdditions } from '../../gold/additions.js';
import { insideRoot } from '../inside-root.js';

const addSchema = z
  .object({
    qrels: z.string().min(1),
    query_id: z.string(),
    doc_id: z.string(),
    grade: z.number().int().optional(),
    note: z.string().optional(),
  })
  .strict();

const listSchema = z.object({ qrels: z.string().min(1), query_id: z.string().optional() }).strict();

/**
 * Grow a gold set over HTTP: `POST /` records one judgement in `<qrels>.additions.jsonl` and
 * answers 201 with it; `GET /?qrels=...[&query_id=...]` lists the additions. Qrels paths resolve
 * only inside `corporaRoot`. Range and id checks live in addJudgement, so HTTP and CLI refuse
 * the same things with the same messages.
 */
export function goldRoutes(corporaRoot: string): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const body = await c.req.json().catch(() => {
      throw new InputError('request body is not valid JSON');
    });
    const req = addSchema.parse(body);
    const qrels = qrelsPath(corporaRoot, req.qrels);
    const addition = await addJudgement(qrels, { queryId: req.query_id, docId: req.doc_id, grade: req.grade, note: req.note });
    return c.json(addition, 201);
  });

  app.get('/', async (c) => {
    const req = listSchema.parse(c.req.query());
    const additions = await readAdditions(qrelsPath(corporaRoot, req.qrels));
    const shown = req.query_id === undefined ? additions : additions.filter((a) => a.query_id === req.query_id);
    return c.json({ additions: shown });
  });

  return app;
}

function qrelsPath(root: string, relative: string): string {
  return insideRoot(root, relative, { field: 'qrels', root: 'corpora root', kind: 'file' });
}
