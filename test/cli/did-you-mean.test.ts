import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../src/did-you-mean.js';
import { COMMAND_TABLE } from '../../src/cli/command-table.js';
import { runCli } from '../helpers/cli.js';

describe('edit distance (optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(editDistance('search', 'search')).toBe(0);
    expect(editDistance('kk', 'k')).toBe(1); // one deletion
    expect(editDistance('mod', 'mode')).toBe(1); // one insertion
    expect(editDistance('lavel', 'level')).toBe(1); // one substitution
    expect(editDistance('serach', 'search')).toBe(1); // "ra" -> "ar": one swap, where Levenshtein counts 2
    expect(editDistance('', 'eval')).toBe(4); // four insertions
    expect(editDistance('kitten', 'sitting')).toBe(3); // k->s, e->i, +g
  });
});

describe('closestName', () => {
  const commands = COMMAND_TABLE.map((c) => c.name);

  it('suggests a name within max(1, floor(length / 3)) edits, at most 2', () => {
    expect(closestName('serach', commands)).toBe('search'); // 1 edit, allowed floor(6/3) = 2
    expect(closestName('retreive', commands)).toBe('retrieve'); // 1 swap, allowed 2
    expect(closestName('indx', commands)).toBe('index'); // 1 edit, allowed max(1, floor(4/3)) = 1
    expect(closestName('srve', commands)).toBe('serve');
    expect(closestName('expermient', commands)).toBe('experiment'); // 1 swap
  });

  it('suggests nothing for a word that is no typo of any name', () => {
    expect(closestName('frobnicate', commands)).toBeUndefined();
    expect(closestName('sech', commands)).toBeUndefined(); // 2 edits from search, allowed 1
    // one edit apart, but every letter replaced: not a typo
    expect(closestName('x', ['k', 'b'])).toBeUndefined();
  });

  it('prefers the nearer name, and the one listed first on a tie', () => {
    expect(closestName('kk', ['k1', 'k'])).toBe('k1'); // both 1 edit away: first listed
    expect(closestName('k11', ['k', 'k1'])).toBe('k1'); // 1 edit beats 2
  });
});

describe('did you mean, on the command line', () => {
  it('an unknown command names the closest one, then prints the usage (exit 2)', async () => {
    const r = await runCli(['serach', 'x.sqlite', 'q']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^testbed: unknown command "serach"; did you mean "search"\?\n\ntestbed .*\n\nUsage: testbed <command>/,
    );
  });

  it('an unknown command with no close name gets the usage only', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^testbed: unknown command "frobnicate"\n\ntestbed .*\n\nUsage: testbed <command>/);
  });

  it('an unknown flag names the closest flag of that command', async () => {
    const cases: [string[], string][] = [
      [['search', 'x.sqlite', 'q', '--kk', '3'], 'unknown option "--kk"; did you mean "--k"?'],
      [['search', 'x.sqlite', 'q', '--mdoe=dense'], 'unknown option "--mdoe"; did you mean "--mode"?'],
      [['retrieve', 'x.sqlite', '--querys', 'q.jsonl'], 'unknown option "--querys"; did you mean "--queries"?'],
      [['index', 'corpus', '--ouT', 'x.sqlite'], 'unknown option "--ouT"; did you mean "--out"?'],
      // --queries belongs to retrieve, not to search: no suggestion from another command
      [['search', 'x.sqlite', 'q', '--querys', 'q.jsonl'], 'unknown option "--querys"; --help lists the options'],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(`testbed ${argv[0]}: ${message}`);
      expect(r.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });

  it("a flag of other commands, and no typo of this one's, names the commands that have it", async () => {
    // --per-query is in eval's and compare's help only; --trec-compat in eval's only
    const r = await runCli(['search', 'x.sqlite', 'q', '--per-query']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'testbed search: unknown option "--per-query"; testbed search has no such option, it is an option of eval, compare (testbed eval --help)\n',
    );
    const one = await runCli(['fuse', 'a.trec', 'b.trec', '--trec-compat']);
    expect(one.err).toContain('it is an option of eval (testbed eval --help)');
    expect(one.err).not.toContain('goes after --');
  });

  it('a query that starts with "-" is told to go after --', async () => {
    const r = await runCli(['search', 'x.sqlite', '-password']);
    expect(r.code).toBe(2);
    // -password reads as the short flags -p -a -s ...; the first one is unknown
    expect(r.err).toContain(
      'unknown option "-p" in "-password"; --help lists the options (a value that starts with "-" goes after --, as in: -- "-password")',
    );
  });
});
