import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonlCorpus } from '../../src/corpus/jsonl-corpus.js';
import { tmpDir } from './helpers.js';

const LINES = 50_000;

describe('streaming a large JSONL corpus', () => {
  it('yields the first document before the file has been read to the end', async () => {
    const file = join(tmpDir(), 'big.jsonl');
    const lines = Array.from({ length: LINES }, (_, i) =>
      JSON.stringify({ _id: `d${i}`, text: `document number ${i} of a generated corpus` }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);

    let count = 0;
    let lastId = '';
    for await (const doc of readJsonlCorpus(file)) {
      if (count === 0) {
        expect(doc.id).toBe('d0');
        // Had the reader slurped the file up front, it could never see this line.
        appendFileSync(file, `${JSON.stringify({ _id: 'appended', text: 'written after reading began' })}\n`);
      }
      count += 1;
      lastId = doc.id;
    }
    expect(count).toBe(LINES + 1);
    expect(lastId).toBe('appended');
  });
});
