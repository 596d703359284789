import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCheckpoint, recordAnswer } from '../../src/gold/generate-checkpoint.js';
import { tmpDir } from '../helpers/tmp.js';

const root = tmpDir('testbed-checkpoint-');
const request = { model: 'm', style: 'unread', perDoc: 2, seed: 42, promptSha256: 'abc' };
let made = 0;
const fileIn = () => path.join(root, `run-${++made}`, 'generate-checkpoint.jsonl');

describe('the generate checkpoint', () => {
  it('gives back what was recorded for the same request, creating the folder on the first answer', async () => {
    const file = fileIn();
    expect(await readCheckpoint(file, request)).toEqual(new Map());
    await recordAnswer(file, request, 'd1', ['q one', 'q two']);
    await recordAnswer(file, request, 'd2', ['q three']);
    expect(await readCheckpoint(file, request)).toEqual(
      new Map([
        ['d1', ['q one', 'q two']],
        ['d2', ['q three']],
      ]),
    );
  });

  it('asks again for a last line cut short by a crash, but names an earlier bad line', async () => {
    const file = fileIn();
    await recordAnswer(file, request, 'd1', ['q one']);
    fs.appendFileSync(file, '{"doc_id": "d2", "questi');
    expect([...(await readCheckpoint(file, request)).keys()]).toEqual(['d1']);

    fs.appendFileSync(file, '\n' + fs.readFileSync(file, 'utf8').split('\n')[0] + '\n');
    await expect(readCheckpoint(file, request)).rejects.toThrow(`${file}:2: not a JSON line`);
  });

  it.each([
    ['model', { ...request, model: 'other' }, 'model "m", now "other"'],
    ['seed', { ...request, seed: 7 }, 'seed 42, now 7'],
    ['prompt', { ...request, promptSha256: 'def' }, 'prompt_sha256 "abc", now "def"'],
  ])('refuses answers to another request (%s), naming the file and line', async (_what, other, detail) => {
    const file = fileIn();
    await recordAnswer(file, request, 'd1', ['q one']);
    await expect(readCheckpoint(file, other)).rejects.toThrow(`${file}:1: answers to another request (${detail})`);
  });
});
