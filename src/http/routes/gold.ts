import { Hono } from 'hono';
import { addJudgement, readAdditions } from '../../gold/additions.js';
import { beirSiblings } from '../../gold/beir-siblings.js';
import { addExpertQuery } from '../../gold/expert-query.js';
import { readAddedQueries } from '../../gold/read-query-set.js';
import { requireQrelsFile } from '../../gold/require-qrels-file.js';
import type { Query } from '../../corpus/index.js';
import { removeJudgement } from '../../gold/remove-judgement.js';
import { qrelsPath } from '../../gold/qrels-path.js';
import { readJsonBody } from '../json-body.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import {
  addSchema,
  askSchema,
  GOLD_OPERATIONS as OPS,
  listSchema,
  queriesListSchema,
  removeSchema,
} from './gold-operations.js';
import { readJudgements } from '../../gold/read-judgements.js';
import { countBySource } from '../../metrics/index.js';

/**
 * Grow a gold set over HTTP: `POST /` records one judgement in `<qrels>.additions.jsonl` and
 * answers 201 with it; `GET /?qrels=...[&query_id=...]` lists the additions; `DELETE
 * /?qrels=...&query_id=...&doc_id=...[&judge=...]` takes back the pair's additions (only that judge's) and answers 200 with
 * what removeJudgement reports (409 when the pair is judged only in the published qrels, 404
 * when nowhere). `POST /queries` records a question an expert wrote with the documents they
 * marked (addExpertQuery: 201 with the query as a BEIR record and its additions, 409 when it
 * was asked before); `GET /queries?qrels=...` lists the queries added to that gold set's folder. Qrels paths resolve only inside `corporaRoot`. Range and id checks live in the
 * gold module, so HTTP and CLI refuse the same things with the same messages.
 */
export function goldRoutes(corporaRoot: string): Hono {
  const app = new Hono();

  app.get('/', documented(OPS.listJudgements), async (c) => {
    const req = listSchema.parse(c.req.query());
    const file = qrelsPath(corporaRoot, req.qrels);
    // Checked first, so a missing file gets one message: the two reads word it differently and race.
    await requireQrelsFile(file);
    const [additions, { judgements }] = await Promise.all([readAdditions(file), readJudgements(file)]);
    const shown = req.query_id === undefined ? additions : additions.filter((a) => a.query_id === req.query_id);
    return c.json({ additions: shown, sources: countBySource(judgements.grades, judgements.sources) });
  });

  app.post('/', documented(OPS.addJudgement), async (c) => {
    const body = await readJsonBody(c.req.raw);
    const req = addSchema.parse(body);
    const qrels = qrelsPath(corporaRoot, req.qrels);
    const addition = await addJudgement(qrels, {
      queryId: req.query_id,
      docId: req.doc_id,
      grade: req.grade,
      note: req.note,
      judge: req.judge,
      source: req.source,
    });
    return c.json(addition, 201);
  });

  app.delete('/', documented(OPS.removeJudgements), async (c) => {
    const req = removeSchema.parse(c.req.query());
    const removal = await removeJudgement(qrelsPath(corporaRoot, req.qrels), {
      queryId: req.query_id,
      docId: req.doc_id,
      judge: req.judge,
    });
    return c.json(removal);
  });

  app.get('/queries', documented(OPS.listExpertQueries), async (c) => {
    const req = queriesListSchema.parse(c.req.query());
    const qrels = qrelsPath(corporaRoot, req.qrels);
    await requireQrelsFile(qrels);
    // A qrels file outside a BEIR folder has no queries.jsonl beside which queries could be added.
    const beir = await beirSiblings(qrels);
    const queries = beir === undefined ? [] : await readAddedQueries(beir.queries);
    return c.json({ queries: queries.map(beirRecord) });
  });

  app.post('/queries', documented(OPS.addExpertQuery), async (c) => {
    const body = await readJsonBody(c.req.raw);
    const req = askSchema.parse(body);
    const { query, additions } = await addExpertQuery(qrelsPath(corporaRoot, req.qrels), {
      text: req.text,
      judge: req.judge,
      judgements: req.judgements.map((j) => ({ docId: j.doc_id, grade: j.grade, note: j.note })),
      note: req.note,
    });
    return c.json({ query: beirRecord(query), additions }, 201);
  });

  // Gold messages name the qrels, queries and corpus files they found wrong: from the corpora root.
  app.onError((err, c) => errorResponse(err, c, { corpora: corporaRoot }));
  return app;
}

/** A query as queries.jsonl holds it: `_id`, text, metadata; the shape the page and review read. */
function beirRecord(query: Query): { _id: string; text: string; metadata: Record<string, unknown> } {
  return { _id: query.id, text: query.text, metadata: query.metadata };
}
