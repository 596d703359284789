import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQrels } from '../../src/corpus/read-qrels.js';
import { readQueries } from '../../src/corpus/read-queries.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO = path.join(ROOT, 'corpora/demo');
const SAMPLE = path.join(DEMO, 'log-sample');

/** package.json's "demo:log-sample", with its output folder swapped for `out`. */
function commands(out: string): string[][] {
  const script = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['demo:log-sample'];
  return (script as string).split(' && ').map((command) => {
    const argv = command.split(' ').slice(2); // drop "node bin/testbed.js"
    return argv.map((a) => a.replace('corpora/demo/log-sample', out).replace(/^corpora\/demo/, DEMO));
  });
}

describe('the demo query set sampled from its log and judged by its clicks', () => {
  it('is what package.json\'s "demo:log-sample" makes from corpora/demo/traffic, byte for byte', async () => {
    const out = tmpDir('log-sample-');
    for (const argv of commands(out)) expect((await runCli(argv)).code).toBe(0);
    for (const file of ['queries.jsonl', 'qrels/test.tsv', 'qrels/test.tsv.sources.jsonl'])
      expect(fs.readFileSync(path.join(out, file), 'utf8'), file).toBe(
        fs.readFileSync(path.join(SAMPLE, file), 'utf8'),
      );
  });

  it('holds every band, and judges only queries of its set, each grade sourced to clicks', async () => {
    const queries = await readQueries(path.join(SAMPLE, 'queries.jsonl'));
    const bands = new Set(queries.map((q) => q.metadata.band));
    expect([...bands].sort()).toEqual(['head', 'tail', 'torso']);
    expect(queries.every((q) => q.metadata.source === 'log')).toBe(true);
    const qrels = await readQrels(path.join(SAMPLE, 'qrels/test.tsv'));
    const ids = new Set(queries.map((q) => q.id));
    expect([...qrels.keys()].every((id) => ids.has(id))).toBe(true);
    const sources = fs
      .readFileSync(path.join(SAMPLE, 'qrels/test.tsv.sources.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { query_id: string; doc_id: string; grade: number; source: string });
    expect(sources.length).toBe([...qrels.values()].reduce((n, docs) => n + docs.size, 0));
    for (const s of sources) {
      expect(s.source).toBe('clicks');
      expect(qrels.get(s.query_id)?.get(s.doc_id)).toBe(s.grade);
    }
  });
});
