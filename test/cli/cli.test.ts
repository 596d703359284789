import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../../src/cli/command-table.js';
import type { SearchResponse } from '../../src/search/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

const dir = tmpDir();

const run = (...argv: string[]) => runCli(argv);

describe('testbed CLI', () => {
  const index = path.join(dir, 'tiny.sqlite');

  it('index -> search -> retrieve on a BEIR folder', async () => {
    const built = await run(
      'index',
      TINY_BEIR,
      '--out',
      index,
      '--chunker',
      'structure:40',
      '--embedder',
      'hash:64',
      '--tokenizer',
      'porter',
    );
    expect(built.code, built.err).toBe(0);
    expect(built.err).toMatch(
      /wrote .*tiny\.sqlite: 12 documents, \d+ chunks \(structure:40\), \d+ vectors \(hash:64\), tokenizer porter/,
    );

    const human = await run(
      'search',
      index,
      'how much storage does the team plan include',
      '--k',
      '2',
      '--level',
      'doc',
    );
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/^bm25 "how much storage/);
    expect(human.out).toMatch(/\n {2}1\. \d+\.\d{4} {2}plans {2}Comparing the Free, Team and Enterprise plans\n/);

    const json = await run(
      'search',
      index,
      "can't log in after password reset",
      '--mode',
      'hybrid',
      '--k',
      '5',
      '--json',
    );
    expect(json.code).toBe(0);
    const res = JSON.parse(json.out) as SearchResponse;
    expect(res.mode).toBe('hybrid');
    expect(res.hits).toHaveLength(5);
    expect(res.hits.every((h) => h.sources && (h.sources.bm25 || h.sources.dense))).toBe(true);

    const runFile = path.join(dir, 'out.trec');
    const queries = path.join(TINY_BEIR, 'queries.jsonl');
    const r = await run('retrieve', index, '--queries', queries, '--mode', 'dense', '--k', '3', '--run', runFile);
    expect(r.code, r.err).toBe(0);
    const lines = fs.readFileSync(runFile, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5 * 3);
    // The tag names the mode and the pipeline's hash (test/pipeline/run-tag.test.ts).
    for (const line of lines) expect(line).toMatch(/^q\d Q0 \S+ [123] -?\d[\d.e+-]* dense-[0-9a-f]{8}$/);
    // document level by default: no chunk ids in a run file
    expect(lines.some((l) => l.includes('#'))).toBe(false);
  });

  it('search --sql shows what each lexical leg searches for: fts5 its MATCH and SQL, postings the tables it reads', async () => {
    // The index is tokenized by FTS5's porter: FTS5 searches the plain words, "or" included.
    const fts5 = await run('search', index, 'E1042 OR NEAR(', '--sql', '--engine', 'fts5');
    expect(fts5.code).toBe(0);
    expect(fts5.err).toContain('-- leg "bm25" (fts5): terms e1042, or, near\n-- MATCH "e1042" OR "or" OR "near"\n');
    expect(fts5.err).toContain('bm25(chunks_fts, 1, 1)');
    // postings (the default) analyses as English there: "or" is one of Lucene's stop words; no
    // FTS5 statement is shown.
    const postings = await run('search', index, 'E1042 OR NEAR(', '--sql');
    expect(postings.code).toBe(0);
    expect(postings.err).toContain(
      '-- leg "bm25" (postings): terms e1042, near\n-- postings reads each term from postings_terms',
    );
    expect(postings.err).not.toContain('bm25(chunks_fts');
    const wink = await run('search', index, 'E1042 OR NEAR(', '--sql', '--engine', 'wink');
    expect(wink.err).toContain('-- leg "bm25" (wink): terms e1042, near\n-- wink scores in memory');
    const dense = await run('search', index, 'E1042', '--sql', '--mode', 'dense');
    expect(dense.err).toContain('-- this pipeline has no lexical leg: no SQL runs');
  });

  it("search --explain prints an expansion leg's feedback chunks and the weighted query the JSON answer holds", async () => {
    const pipeline = '{"legs":[{"type":"rm3","fb_docs":2}],"k":3}';
    const res = await run('search', index, 'storage quota', '--explain', '--json', '--pipeline', pipeline);
    expect(res.code, res.err).toBe(0);
    const answer = JSON.parse(res.out) as { expansions: { rm3: { term: string; weight: number }[] } };
    const round = (x: number) => String(Number(x.toPrecision(4)));
    const expanded = answer.expansions.rm3.map((t) => `${t.term} ${round(t.weight)}`).join(', ');
    expect(res.err).toContain('-- leg "rm3" (rm3): terms storag, quota\n-- feedback from 2 chunk(s): ');
    expect(res.err).toContain(`-- expanded query: ${expanded}\n`);
    // Terms beyond the query's own, and no SQL without --sql.
    expect(answer.expansions.rm3.length).toBeGreaterThan(2);
    expect(res.err).not.toContain('postings_terms');
  });

  it('search --sql shows the analysed terms on an english index, not the words typed', async () => {
    const english = path.join(dir, 'english.sqlite');
    const built = await run('index', TINY_BEIR, '--out', english, '--embedder', 'none', '--tokenizer', 'english');
    expect(built.code, built.err).toBe(0);
    // Lucene's English analysis: "the" is a stop word, Porter stems passwords -> password and
    // resetting -> reset, "were" is not among Lucene's 33 stop words.
    const r = await run('search', english, 'the passwords were resetting', '--sql', '--mode', 'hybrid');
    expect(r.err.split('\n').slice(0, 2)).toEqual([
      '-- leg "bm25" (postings): terms password, were, reset',
      '-- postings reads each term from postings_terms and its blocks from postings_blocks by rowid (MaxScore skips blocks that cannot reach the top k)',
    ]);
    const fts5 = await run('search', english, 'the passwords were resetting', '--sql', '--engine', 'fts5');
    expect(fts5.err).toContain('-- MATCH "password" OR "were" OR "reset"\n');
  });

  it('--help on every command, and the top-level usage lists them all', async () => {
    for (const c of COMMAND_TABLE) {
      const r = await run(c.name, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: testbed ${c.name}`);
    }
    const top = await run('--help');
    for (const c of COMMAND_TABLE) expect(top.out).toContain(`  ${c.name}  `);
  });

  it('bad input: exit 2 with a one-line reason, no stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['index', TINY_BEIR], /missing --out FILE/],
      [['index', path.join(dir, 'nope'), '--out', path.join(dir, 'x.sqlite')], /not found/],
      [['index', TINY_BEIR, '--out', path.join(dir, 'x.sqlite'), '--chunker', 'pages:3'], /pages:3/],
      [['search', index, 'x', '--k', 'ten'], /--k must be an integer/],
      [['search', index, 'x', '--mode', 'sparse'], /--mode must be one of "bm25", "dense", "hybrid", got "sparse"/],
      [['search', index, 'x', '--colour'], /unknown option "--colour"/],
      [['search', path.join(dir, 'missing.sqlite'), 'x'], /index file not found/],
      [['retrieve', index, '--run', path.join(dir, 'r')], /missing --queries/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it('a foreign or truncated file given as an index is refused clearly', async () => {
    const foreign = path.join(dir, 'foreign.sqlite');
    fs.writeFileSync(foreign, 'this is not a database at all, just text '.repeat(200));
    const truncated = path.join(dir, 'truncated.sqlite');
    fs.writeFileSync(truncated, fs.readFileSync(index).subarray(0, 3000));
    for (const f of [foreign, truncated]) {
      const r = await run('search', f, 'install');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${f}: not a readable testbed index`);
    }
  });
});
