import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';
import { InputError } from '../errors.js';
import { appendLine } from './append-line.js';

/** What a generate run asked: answers kept under another request would be a different query set. */
export interface GenerateRequest {
  model: string;
  style: string;
  perDoc: number;
  seed: number;
  promptSha256: string;
}

/**
 * `testbed gold generate` keeps each document's answer here as it arrives (one fsynced line), so
 * a run stopped by Ctrl-C, a crash or a dead server resumes without paying again for what it
 * had; the file goes when the query set is written. It sits in the output folder, where the
 * user will look and where a second run with the same `--out` finds it.
 */
export function generateCheckpointFile(outDir: string): string {
  return path.join(outDir, 'generate-checkpoint.jsonl');
}

/** Records one document's questions, creating the folder on the first. */
export async function recordAnswer(file: string, request: GenerateRequest, docId: string, questions: string[]) {
  await mkdir(path.dirname(file), { recursive: true }).catch((err: unknown) => {
    throw translateFsError(err, path.dirname(file));
  });
  await appendLine(file, JSON.stringify({ doc_id: docId, questions, ...wire(request) }));
}

/**
 * The questions already had, by document, from a checkpoint written for the same request (none
 * when there is no file). A line for another request (a model, style, --per-doc, --seed or
 * prompt that differs) is an error naming the file and line: mixing them would build a query set
 * no one asked for. A last line that does not parse is a write cut short and is asked again;
 * an earlier one is an error.
 */
export async function readCheckpoint(file: string, request: GenerateRequest): Promise<Map<string, string[]>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw translateFsError(err, file);
  }
  const lines = text.split('\n');
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const expected = wire(request);
  const had = new Map<string, string[]>();
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const where = { file, line: i + 1 };
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      if (i === lines.length - 1) return;
      throw new InputError('not a JSON line; remove the file to start again', where);
    }
    for (const [key, value] of Object.entries(expected))
      if (record[key] !== value)
        throw new InputError(
          `answers to another request (${key} ${JSON.stringify(record[key])}, now ${JSON.stringify(value)}): ` +
            'run with the same options to resume, or remove the file to start again',
          where,
        );
    const questions = record.questions;
    if (
      typeof record.doc_id !== 'string' ||
      !Array.isArray(questions) ||
      !questions.every((q) => typeof q === 'string')
    )
      throw new InputError('expected {"doc_id": string, "questions": [strings], ...}', where);
    had.set(record.doc_id, questions as string[]);
  });
  return had;
}

export async function removeCheckpoint(file: string): Promise<void> {
  await rm(file, { force: true });
}

function wire(r: GenerateRequest): Record<string, string | number> {
  return { model: r.model, style: r.style, per_doc: r.perDoc, seed: r.seed, prompt_sha256: r.promptSha256 };
}
