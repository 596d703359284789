import fs from 'node:fs';
import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import { readTrecRun } from '../runs/trec-run-reader.js';
import { defineLeg } from './leg-definition.js';
import { createRunLeg } from './run-leg.js';

/** A TREC run file as a leg (run-leg.ts): read once per modification time of the file. */
export const runLeg = defineLeg({
  type: 'run',
  description:
    "a TREC run file as a leg: each query's ranking is read by its query id (query sets only: retrieve, experiments); document level only",
  fields: {
    file: z
      .string()
      .min(1)
      .describe('a TREC run file (qid Q0 docid rank score tag), e.g. a Pyserini or production run'),
  },
  defaultName: () => 'run',
  check: (_leg, pipeline) =>
    pipeline.level === 'doc' ? undefined : { message: 'a run leg holds document ids: set level to doc' },
  async create(leg, ctx) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(leg.file);
    } catch {
      throw new InputError(`leg "${leg.name}": run file not found: ${leg.file}`);
    }
    const run = await ctx.memo(`run:${leg.file}`, () => readTrecRun(leg.file), stat.mtimeMs);
    return createRunLeg(leg.name, leg.file, run, (docId) => ctx.reader.chunksOf(docId)[0]?.id);
  },
  fileFields: ['file'],
  byQueryId: true,
});
