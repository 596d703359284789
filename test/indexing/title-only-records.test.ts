import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/search/types.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * A CACM-like BEIR corpus: most records carry their content in the title and an empty text
 * (CACM has 1,617 so), a few have both, and (in the second test) one has neither, as Cranfield's
 * records 471 and 995.
 */
const dir = tmpDir('testbed-title-only-');
const corpus = path.join(dir, 'cacm');
fs.mkdirSync(corpus);
const records = [
  { _id: '1', title: 'Preliminary Report-International Algebraic Language', text: '' },
  { _id: '2', title: 'Extraction of Roots by Repeated Subtractions for Digital Computers', text: '' },
  { _id: '3', title: 'Techniques Department on Matrix Program Schemes', text: '' },
  { _id: '4', title: 'Glossary of Computer Engineering and Programming Terminology', text: ' ' },
  { _id: '5', title: 'Recursive Functions of Symbolic Expressions', text: 'A programming system called LISP.' },
  { _id: '6', title: 'Secant Modification of Newton Method', text: '' },
];
const write = (name: string, rows: object[]) =>
  fs.writeFileSync(path.join(corpus, name), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

describe('BEIR records with an empty text and a title', () => {
  it('are indexed with the title as content, and found by their title words', async () => {
    write('corpus.jsonl', records);
    const index = path.join(dir, 'cacm.sqlite');
    const built = await runCli(['index', corpus, '--out', index, '--embedder', 'hash:64']);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toMatch(/: 6 documents, 6 chunks/);
    for (const [query, id] of [
      ['roots subtractions', '2'],
      ['matrix schemes', '3'],
      ['glossary terminology', '4'],
      ['secant newton', '6'],
    ] as const) {
      for (const mode of ['bm25', 'dense']) {
        const r = await runCli(['search', index, query, '--mode', mode, '--level', 'doc', '--json']);
        expect(r.code, r.err).toBe(0);
        const hits = (JSON.parse(r.out) as SearchResponse).hits;
        expect(hits[0]!.doc_id, `${mode} "${query}"`).toBe(id);
      }
    }
  });

  it('a record with neither stops the build, naming file and line, unless --skip-empty', async () => {
    write('corpus.jsonl', [...records, { _id: '7', title: '', text: '' }]);
    const index = path.join(dir, 'cacm-7.sqlite');
    const refused = await runCli(['index', corpus, '--out', index, '--embedder', 'none']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${path.join(corpus, 'corpus.jsonl')}:7 (field "text")`);
    const skipped = await runCli(['index', corpus, '--out', index, '--embedder', 'none', '--skip-empty']);
    expect(skipped.code, skipped.err).toBe(0);
    expect(skipped.err).toContain('skipped 1 document(s) with neither text nor title: 7');
    expect(skipped.err).toMatch(/: 6 documents/);
  });
});
