import fs from 'node:fs';
import { readJsonl } from '../corpus/read-jsonl.js';
import { InputError } from '../errors.js';
import type { JudgementSource, ServedShare } from '../metrics/index.js';
import { clickSourcesFile } from '../traffic/write-click-qrels.js';

/** The sidecar of a qrels file that says where its lines came from: `<qrels>.sources.jsonl`. */
export const qrelsSourcesFile = clickSourcesFile;

/**
 * Reads the sources sidecar of a qrels file, when there is one: query id -> document id -> the
 * source of that qrels line. `gold from-clicks` writes it (`source: clicks`, the click model,
 * the score and the logged pipelines that showed the document); a line naming another source
 * (`tickets`, `human`, `llm`, `published`) is read too, so any tool that writes a whole qrels
 * file can say where its grades came from. A malformed line is an InputError naming the file
 * and line; lines the qrels file lacks are ignored by the caller.
 */
export async function readQrelsSources(qrelsFile: string): Promise<Map<string, Map<string, JudgementSource>>> {
  const file = qrelsSourcesFile(qrelsFile);
  const sources = new Map<string, Map<string, JudgementSource>>();
  if (!fs.existsSync(file)) return sources;
  for await (const { line, value } of readJsonl(file)) {
    const { query_id: qid, doc_id: doc } = value;
    if (typeof qid !== 'string' || typeof doc !== 'string')
      throw new InputError('a sources line needs query_id and doc_id strings', { file, line });
    if (!sources.has(qid)) sources.set(qid, new Map());
    sources.get(qid)!.set(doc, sourceOfLine(value, { file, line }));
  }
  return sources;
}

function sourceOfLine(value: Record<string, unknown>, where: { file: string; line: number }): JudgementSource {
  switch (value.source) {
    case 'clicks':
      return {
        kind: 'clicks',
        ...(typeof value.model === 'string' && { model: value.model }),
        ...(typeof value.score === 'number' && { score: value.score }),
        ...(Array.isArray(value.served_by) && { servedBy: servedShares(value.served_by, where) }),
      };
    case 'tickets':
      return { kind: 'tickets' };
    case 'llm':
      return {
        kind: 'llm',
        ...(typeof value.model === 'string' && { model: value.model }),
        ...(typeof value.prompt_sha256 === 'string' && { promptSha256: value.prompt_sha256 }),
        ...(typeof value.kappa === 'number' && { kappa: value.kappa }),
      };
    case 'human':
    case 'expert':
      return { kind: 'human', ...(typeof value.judge === 'string' && { judge: value.judge }) };
    case 'published':
      return { kind: 'published' };
    default:
      throw new InputError(
        `source must be one of clicks, tickets, llm, human, expert, published; got ${JSON.stringify(value.source)}`,
        { ...where, field: 'source' },
      );
  }
}

function servedShares(list: unknown[], where: { file: string; line: number }): ServedShare[] {
  return list.map((s) => {
    if (typeof s !== 'object' || s === null || typeof (s as ServedShare).pipeline !== 'string')
      throw new InputError('served_by holds {pipeline, share} objects', { ...where, field: 'served_by' });
    const { pipeline, share } = s as ServedShare;
    return { pipeline, share: typeof share === 'number' ? share : Number.NaN };
  });
}
