import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldCommand } from '../../src/cli/commands/gold-command.js';
import { printable, printableLines } from '../../src/cli/printable.js';
import { readAdditions } from '../../src/gold/additions.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { tinyBeirCopy } from '../gold/helpers.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Text a user typed or a corpus holds, printed by the CLI, never acts on the terminal: ESC (a
 * colour or cursor sequence), BEL, CR, the one-byte CSI 0x9B, U+2028 and a bidi override are
 * written as \uXXXX, while the text stored stays as typed.
 */
const ESC = '\u001b';
const BEL = '\u0007';
const CSI = '\u009b';
/** Any character a terminal acts on (controls but line feed and tab, separators, bidi overrides), in printed output. */
const ACTIVE = /(?![\n\t])[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const gold = (...argv: string[]) => runCli(argv, goldCommand.run);

describe('printable', () => {
  it('writes each active character as \\uXXXX, leaving other text (accents, CJK, emoji) as it is', () => {
    expect(printable(`a${ESC}[31mred${BEL}\rb${CSI}2J\u2028c\u202Ed\tε 検索 🙂`)).toBe(
      'a\\u001b[31mred\\u0007\\u000db\\u009b2J\\u2028c\\u202ed\\u0009ε 検索 🙂',
    );
  });

  it('printableLines keeps line feeds and tabs, and escapes the rest', () => {
    expect(printableLines(`one\ttwo\nthree${ESC}[2K`)).toBe('one\ttwo\nthree\\u001b[2K');
  });
});

describe('gold add and gold list with a note and a judge holding ESC and BEL', () => {
  it('prints them escaped, stores them as typed', async () => {
    const qrels = tinyBeirCopy();
    const note = `see ${ESC}[31mthis${BEL}${CSI}`;
    const judge = `ann${BEL}${ESC}]0;owned${BEL}`;
    const added = await gold('add', qrels, 'q5', 'install-mac', '--grade', '2', '--note', note, '--judge', judge);
    expect(added.code, added.err).toBe(0);
    expect(added.out).not.toMatch(ACTIVE);
    expect(added.out).toContain('note "see \\u001b[31mthis\\u0007\\u009b"');
    expect(added.out).toContain('by "ann\\u0007\\u001b]0;owned\\u0007"');

    const list = await gold('list', qrels);
    expect(list.code).toBe(0);
    expect(list.out).not.toMatch(ACTIVE);
    const row = list.out.trimEnd().split('\n')[1]!.split('\t');
    expect(row.slice(1)).toEqual([
      'q5',
      'install-mac',
      '2',
      'ann\\u0007\\u001b]0;owned\\u0007',
      '',
      'see \\u001b[31mthis\\u0007\\u009b',
    ]);
    // Stored as typed: escaping is for printing only.
    const stored = await readAdditions(qrels);
    expect(stored.map((a) => [a.note, a.judge])).toEqual([[note, judge]]);
  });
});

describe('testbed search over a document whose title and text hold control characters', () => {
  it(
    'prints the hits escaped, the query too',
    async () => {
      const root = tmpDir('control-chars-');
      const corpus = path.join(root, 'docs.jsonl');
      fs.writeFileSync(
        corpus,
        `${JSON.stringify({ _id: 'd1', title: `Reset ${ESC}[2J${BEL}`, text: `password reset steps${CSI}?25l\u2028done` })}\n` +
          `${JSON.stringify({ _id: 'd2', title: 'Other', text: 'billing plans' })}\n` +
          `${JSON.stringify({ _id: 'd3', title: 'Third', text: 'storage limits' })}\n`,
      );
      const index = path.join(root, 'docs.sqlite');
      await buildIndex({ corpus, out: index, chunker: 'doc', embedder: 'none' });
      const r = await runCli(['search', index, `password reset${BEL}`, '--mode', 'bm25']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).not.toMatch(ACTIVE);
      expect(r.out).toContain('d1#0  Reset \\u001b[2J\\u0007');
      // The snippet folds white space (U+2028 among it) into one space.
      expect(r.out).toContain('password reset steps\\u009b?25l done');
      expect(r.out).toContain('"password reset\\u0007"');
    },
    timeBudget(60_000),
  );
});
