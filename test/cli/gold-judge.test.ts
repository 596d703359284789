import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { JUDGE_PROMPT } from '../../src/gold/judge-prompt.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { CHAT_TIMEOUT_MS, chatServerForCommandTests, FakeChatServer } from '../llm/fake-chat-server.js';

const root = tmpDir('testbed-judge-');
let made = 0;

/**
 * The judge's fake model grades from the document alone: a document titled "g2 ..." gets
 * {"grade": 2}. The title is the passage's first line, which also picks a misbehaviour
 * ("g1 fail500 ..."), as document titles do for the question generator's tests.
 */
const passageTitle = (prompt: string) => /^Passage:\n(.*)$/m.exec(prompt)?.[1] ?? '';
const server = chatServerForCommandTests({
  keyOf: passageTitle,
  answer: (prompt) => JSON.stringify({ grade: Number(/\bg(\d+)\b/.exec(passageTitle(prompt))?.[1]) }),
});

const MODEL = 'qwen2.5:7b';
const chat = () => `${MODEL}@${server.origin}`;
const judge = (...argv: string[]) => runCli(['gold', 'judge', ...argv]);
const promptHash = createHash('sha256').update(JUDGE_PROMPT, 'utf8').digest('hex');
/** stderr less its progress lines (a line every 10% of each stage when not on a terminal). */
const beyondProgress = (err: string) =>
  err.split('\n').filter((l) => l !== '' && !/^(calibrating|grading holes) /.test(l));

interface GoldSet {
  dir: string;
  qrels: string;
  additions: string;
  pool: string;
}

/**
 * A BEIR folder: documents d1, d2, ... titled as given, queries q1 and q2, qrels rows
 * [query, doc, grade] (the human judgements), optional earlier additions, and a pool file of
 * [query, doc] pairs (its judged column left empty: the judge reads the qrels itself).
 */
function goldSet(
  titles: string[],
  qrels: [string, string, number][],
  pool: [string, string][],
  additions: object[] = [],
): GoldSet {
  const dir = path.join(root, `set-${++made}`);
  fs.mkdirSync(path.join(dir, 'qrels'), { recursive: true });
  const docs = titles.map((title, i) =>
    JSON.stringify({ _id: `d${i + 1}`, title, text: `Body of document ${i + 1}.` }),
  );
  fs.writeFileSync(path.join(dir, 'corpus.jsonl'), docs.join('\n') + '\n');
  const queries = [
    { _id: 'q1', text: 'how to reset a password' },
    { _id: 'q2', text: 'billing plans' },
  ];
  fs.writeFileSync(path.join(dir, 'queries.jsonl'), queries.map((q) => JSON.stringify(q)).join('\n') + '\n');
  const qrelsFile = path.join(dir, 'qrels', 'test.tsv');
  fs.writeFileSync(qrelsFile, ['query-id\tcorpus-id\tscore', ...qrels.map((r) => r.join('\t'))].join('\n') + '\n');
  const additionsFile = `${qrelsFile}.additions.jsonl`;
  if (additions.length > 0) fs.writeFileSync(additionsFile, additions.map((a) => JSON.stringify(a)).join('\n') + '\n');
  const poolFile = path.join(dir, 'pool.tsv');
  fs.writeFileSync(
    poolFile,
    ['query-id\tcorpus-id\tjudged', ...pool.map(([q, d]) => `${q}\t${d}\t`)].join('\n') + '\n',
  );
  return { dir, qrels: qrelsFile, additions: additionsFile, pool: poolFile };
}

function readAdditions(set: GoldSet): Record<string, unknown>[] {
  if (!fs.existsSync(set.additions)) return [];
  return fs
    .readFileSync(set.additions, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** What a new llm addition holds, the date aside: `gate` is the agreement its calibration measured. */
const llmAddition = (query_id: string, doc_id: string, grade: number, gate: string) => ({
  query_id,
  doc_id,
  grade,
  judge: MODEL,
  source: 'llm',
  note: `graded by the UMBRELA-style judge prompt, sha256 ${promptHash}; ${gate}`,
});
const withoutDate = (a: Record<string, unknown>) => {
  const { date, ...rest } = a;
  expect(typeof date).toBe('string');
  return rest;
};

/**
 * Humans graded q1 d1 2, q1 d2 0, q2 d3 1 (qrels) and q1 d7 2 (an addition, source human); an
 * earlier llm graded q2 d6. The model grades d1 2, d2 0, d3 1 and d7 3 (one disagreement), and
 * the holes d4 3 and d5 1.
 */
function mixedSet(): GoldSet {
  return goldSet(
    ['g2 reset steps', 'g0 logo', 'g1 invoices', 'g3 password help', 'g1 plans', 'g2 pricing', 'g3 account'],
    [
      ['q1', 'd1', 2],
      ['q1', 'd2', 0],
      ['q2', 'd3', 1],
    ],
    [
      ['q1', 'd1'],
      ['q1', 'd4'],
      ['q1', 'd7'],
      ['q2', 'd3'],
      ['q2', 'd5'],
      ['q2', 'd6'],
    ],
    [
      { query_id: 'q2', doc_id: 'd6', grade: 1, date: '2026-01-01T00:00:00.000Z', judge: 'old-model', source: 'llm' },
      { query_id: 'q1', doc_id: 'd7', grade: 2, date: '2026-01-02T00:00:00.000Z', judge: 'ann', source: 'human' },
    ],
  );
}

describe('testbed gold judge', () => {
  it('fills the holes with source llm, the model as judge and the prompt hash; human and llm pairs are left alone', async () => {
    const set = mixedSet();
    const qrelsBefore = fs.readFileSync(set.qrels, 'utf8');
    const additionsBefore = fs.readFileSync(set.additions, 'utf8');
    // The humans' top grade is 2: auto caps the model's 3s at 2 (d4 is written 2, not 3).
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat());
    expect(beyondProgress(r.err)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("scale: the judge's 0-3 capped at 2, the qrels' highest grade");

    expect(fs.readFileSync(set.qrels, 'utf8')).toBe(qrelsBefore);
    expect(fs.readFileSync(set.additions, 'utf8').startsWith(additionsBefore)).toBe(true);
    const added = readAdditions(set).slice(2).map(withoutDate);
    // The four human pairs, on the capped scale (d1 2:2, d2 0:0, d3 1:1, d7 2:capped 3): all agree, kappa 1.
    const gate = "Cohen's kappa 1.000 with people on 4 calibration pairs";
    expect(added).toEqual([llmAddition('q1', 'd4', 2, gate), llmAddition('q2', 'd5', 1, gate)]);

    // The earlier llm grade is not asked again; the sample asked the four human pairs, the fill the two holes.
    expect(server.requestsFor('g2 pricing')).toEqual([]);
    expect(server.requests.map((q) => q.title).sort()).toEqual(
      ['g0 logo', 'g1 invoices', 'g1 plans', 'g2 reset steps', 'g3 account', 'g3 password help'].sort(),
    );
    const sent = server.requestsFor('g3 password help')[0]!;
    expect(sent.body).toMatchObject({ model: MODEL, temperature: 0, seed: 42 });
    const prompt = (sent.body.messages as { content: string }[])[0]!.content;
    expect(prompt).toContain('Query: how to reset a password\nPassage:\ng3 password help\nBody of document 4.');

    expect(r.out).toContain(`prompt sha256 (UMBRELA-style, grades 0-3): ${promptHash}`);
    expect(r.out).toContain('pool: 6 pairs, 3 judged by humans, 1 by an llm, 2 holes to grade');
    expect(r.out).toContain('holes: graded 2 of 2, failed 0');
    expect(r.out).toContain(`wrote 2 grades (source llm, judge ${MODEL}) to ${set.additions}`);

    // Run again: the holes are judged now, nothing is left to grade or write.
    const again = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--sample', '0');
    expect(again.code).toBe(0);
    expect(again.out).toContain('pool: 6 pairs, 3 judged by humans, 3 by an llm, 0 holes to grade');
    expect(again.out).toContain('nothing to write');
    expect(readAdditions(set)).toHaveLength(4);
  });

  it('prints agreement on the sample: raw, Cohen kappa and linearly weighted kappa from the formula', async () => {
    const set = mixedSet();
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--dry-run', '--scale', '0-3');
    expect(r.code).toBe(0);
    // Human grades 2, 0, 2, 1 against the model's 2, 0, 3, 1 on the scale 0-3 (k = 4).
    // Shares: human 0: 1/4, 1: 1/4, 2: 2/4, 3: 0; model 1/4 each.
    const observed = 3 / 4;
    const expected = (1 / 4) * (1 / 4) + (1 / 4) * (1 / 4) + (2 / 4) * (1 / 4);
    const kappa = (observed - expected) / (1 - expected); // 2/3
    // Linear weights w = 1 - |i - j| / 3: the 2-against-3 pair counts 2/3.
    const observedW = (3 + 2 / 3) / 4;
    // The model's shares are all 1/4, so each human label's expected weight is a quarter of its row of weights.
    const row = (i: number) => [0, 1, 2, 3].reduce((s, j) => s + (1 - Math.abs(i - j) / 3), 0) / 4;
    const expectedW = (1 / 4) * row(0) + (1 / 4) * row(1) + (2 / 4) * row(2);
    const kappaW = (observedW - expectedW) / (1 - expectedW); // 7/9
    expect(r.out).toContain('calibration: agreement with humans on 4 of the 4 pairs they judged (seed 42):');
    expect(r.out).toContain('  graded 4, failed 0');
    expect(r.out).toContain(`  raw agreement ${observed.toFixed(3)}`);
    expect(r.out).toMatch(
      new RegExp(
        `  Cohen's kappa ${kappa.toFixed(3)} \\(95% interval \\S+ to \\S+, 4 pairs; expected by chance ${expected.toFixed(3)}\\)`,
      ),
    );
    expect(r.out).toMatch(
      new RegExp(
        `  linearly weighted kappa ${kappaW.toFixed(3)} \\(95% interval \\S+ to \\S+, 4 pairs; expected by chance ${expectedW.toFixed(3)}\\)`,
      ),
    );
    // Cut at grade 1: humans 1, 0, 1, 1 against the model's 1, 0, 1, 1: all four agree, kappa 1.
    expect(r.out).toContain("  cut at grade 1 (relevant or not): raw agreement 1.000, Cohen's kappa 1.000");
    expect(r.out).toContain('dry run: nothing written (2 grades would go to');
    expect(readAdditions(set)).toHaveLength(2);
  });

  it('--json: the figures of the lines as one JSON document, a refusal included', async () => {
    const set = mixedSet();
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--dry-run', '--scale', '0-3', '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    // As above: human 2, 0, 2, 1 against the model's 2, 0, 3, 1; observed 3/4, expected 1/4, kappa 2/3
    expect(report).toMatchObject({
      judge: MODEL,
      prompt_sha256: promptHash,
      pool: { pairs: 6, holes: 2 },
      refused: null,
      calibration: { pairs: 4, graded: 4, failed: [], seed: 42 },
      holes: { graded: 2, failed: [] },
      written: 0,
      dry_run: true,
      ranking: null,
    });
    expect(report.calibration.raw_agreement).toBeCloseTo(3 / 4, 12);
    expect(report.calibration.kappa).toBeCloseTo((3 / 4 - 1 / 4) / (1 - 1 / 4), 12);
    expect(r.err).toContain('dry run: nothing written');

    const refused = await judge(
      set.pool,
      '--qrels',
      set.qrels,
      '--chat',
      chat(),
      '--scale',
      '0-3',
      '--min-kappa',
      '0.9',
      '--json',
    );
    expect(refused.code).toBe(1);
    const why = JSON.parse(refused.out);
    expect(why.refused).toBe(`Cohen's kappa on the calibration sample is ${(2 / 3).toFixed(3)}, below --min-kappa 0.9`);
    expect(why.holes).toBeNull();
  });

  it('--sample N draws N human pairs with the seed: the same seed asks the same pairs', async () => {
    const set = mixedSet();
    const asked = async (seed: string) => {
      server.reset();
      const r = await judge(
        set.pool,
        '--qrels',
        set.qrels,
        '--chat',
        chat(),
        '--sample',
        '2',
        '--seed',
        seed,
        '--dry-run',
      );
      expect(r.code).toBe(0);
      expect(r.out).toContain(`agreement with humans on 2 of the 4 pairs they judged (seed ${seed})`);
      // Two sample pairs and the two holes.
      expect(server.requests).toHaveLength(4);
      return server.requests.map((q) => q.title).sort();
    };
    const first = await asked('7');
    expect(await asked('7')).toEqual(first);
  });

  describe('Kendall tau between rankings of the runs by human-only and filled qrels', () => {
    // q1: humans judged d1 1 and d2 0; the holes are d3 (the model gives 3) and d4 (0).
    const tauSet = () =>
      goldSet(
        ['g1 reset', 'g0 logo', 'g3 password help', 'g0 footer'],
        [
          ['q1', 'd1', 1],
          ['q1', 'd2', 0],
        ],
        [
          ['q1', 'd1'],
          ['q1', 'd3'],
          ['q1', 'd4'],
        ],
      );
    const run = (set: GoldSet, name: string, docs: string[]) => {
      const file = path.join(set.dir, `${name}.run`);
      fs.writeFileSync(file, docs.map((d, i) => `q1 Q0 ${d} ${i + 1} ${10 - i} ${name}`).join('\n') + '\n');
      return file;
    };
    const log2 = Math.log2;
    // nDCG@10 with linear gains: A ranks d1, d3; B ranks d3, d1; C ranks d4, d2.
    const human = { A: 1, B: 1 / log2(3), C: 0 };
    const filled = { A: (1 + 3 / log2(3)) / (3 + 1 / log2(3)), B: 1, C: 0 };

    it('filling reorders A and B: tau-b = (concordant - discordant) / pairs = (2 - 1) / 3', async () => {
      const set = tauSet();
      const runs = [run(set, 'A', ['d1', 'd3']), run(set, 'B', ['d3', 'd1']), run(set, 'C', ['d4', 'd2'])];
      // The worked example counts the model's 3 as 3: the judge's scale kept, not cut to the humans' binary.
      const r = await judge(
        set.pool,
        '--qrels',
        set.qrels,
        '--chat',
        chat(),
        '--runs',
        ...runs,
        '--dry-run',
        '--scale',
        '0-3',
      );
      expect(beyondProgress(r.err)).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('ranking of the runs by ndcg@10, human-only qrels against qrels with the holes filled:');
      const line = (file: string, h: number, f: number) => `  ${file}  ${h.toFixed(4)}  ${f.toFixed(4)}`;
      expect(r.out).toContain(line(runs[0]!, human.A, filled.A));
      expect(r.out).toContain(line(runs[1]!, human.B, filled.B));
      expect(r.out).toContain(line(runs[2]!, human.C, filled.C));
      // Human order A > B > C, filled B > A > C: (A, B) discordant, (A, C) and (B, C) concordant.
      expect(r.out).toContain(`Kendall's tau-b ${((2 - 1) / 3).toFixed(3)} (the order changes)`);
      expect(fs.existsSync(set.additions)).toBe(false);
    });

    it('filling keeps the order of A and C: tau-b = 1', async () => {
      const set = tauSet();
      const runs = [run(set, 'A', ['d1', 'd3']), run(set, 'C', ['d4', 'd2'])];
      const r = await judge(
        set.pool,
        '--qrels',
        set.qrels,
        '--chat',
        chat(),
        '--runs',
        runs[0]!,
        '--runs',
        runs[1]!,
        '--scale',
        '0-3',
      );
      expect(r.code).toBe(0);
      expect(r.out).toContain("Kendall's tau-b 1.000 (the same order)");
      // Not a dry run: the grades the ranking was computed with are the ones written.
      // Calibrated on d1 (1:1) and d2 (0:0): kappa 1.
      const gate = "Cohen's kappa 1.000 with people on 2 calibration pairs";
      expect(readAdditions(set).map(withoutDate)).toEqual([
        llmAddition('q1', 'd3', 3, gate),
        llmAddition('q1', 'd4', 0, gate),
      ]);
    });
  });

  it('--min-kappa refuses to fill below the threshold and writes nothing; at or under it the fill goes ahead', async () => {
    const set = mixedSet();
    const before = fs.readFileSync(set.additions, 'utf8');
    const kept = ['--scale', '0-3'];
    const refused = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--min-kappa', '0.9', ...kept);
    expect(refused.code).toBe(1);
    expect(beyondProgress(refused.err)).toEqual([
      `Cohen's kappa on the calibration sample is ${(2 / 3).toFixed(3)}, below --min-kappa 0.9: refusing to fill, no hole graded, nothing written to ${set.additions}`,
    ]);
    // Only the four calibration pairs were asked: the gate came before the holes.
    expect(server.requests.map((q) => q.title).sort()).toEqual(
      ['g0 logo', 'g1 invoices', 'g2 reset steps', 'g3 account'].sort(),
    );
    expect(refused.out).toContain("Cohen's kappa 0.667");
    expect(fs.readFileSync(set.additions, 'utf8')).toBe(before);

    const allowed = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--min-kappa', '0.6', ...kept);
    expect(allowed.code).toBe(0);
    expect(readAdditions(set)).toHaveLength(4);
  });

  it('--min-kappa refuses when the sample gives no kappa at all', async () => {
    const set = mixedSet();
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--sample', '0', '--min-kappa', '0.5');
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      "Cohen's kappa on the calibration sample is undefined (no paired labels): refusing to fill",
    );
    expect(readAdditions(set)).toHaveLength(2);
  });

  it('counts and names failed pairs (500, timeout, malformed, grade 7, missing document), waits out a 429, writes only the graded', async () => {
    const set = goldSet(
      ['g1 reset', 'g1 fail500 a', 'g2 ratelimit b', 'g1 slow c', 'g1 malformed d', 'g7 seven', 'g2 chatty f'],
      [['q1', 'd1', 1]],
      [
        ['q1', 'd1'],
        ['q1', 'd2'],
        ['q1', 'd3'],
        ['q1', 'd4'],
        ['q1', 'd5'],
        ['q1', 'd6'],
        ['q1', 'd7'],
        ['q1', 'd99'],
      ],
    );
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--max-failures', '5');
    expect(r.code).toBe(0);
    expect(r.out).toContain('holes: graded 2 of 7, failed 5');
    const endpoint = `POST ${server.origin}/v1/chat/completions`;
    const failures = r.out
      .slice(r.out.indexOf('holes: '))
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatch(/^q1 d2: .* answered 500: .*overloaded.* \(after 3 attempts\)$/);
    expect(failures[0]).toContain(endpoint);
    expect(failures[1]).toBe(`q1 d4: ${endpoint}: no answer within ${CHAT_TIMEOUT_MS} ms (after 3 attempts)`);
    expect(failures[2]).toMatch(/^q1 d5: the answer holds no JSON: "Sure! Here is a question/);
    expect(failures[3]).toBe('q1 d6: grade 7 is outside 0-3');
    expect(failures[4]).toBe('q1 d99: the document is not in the corpus');

    // The 429 was asked again after its Retry-After of 1 s.
    const limited = server.requestsFor('g2 ratelimit b');
    expect(limited).toHaveLength(2);
    expect(limited[1]!.at - limited[0]!.at).toBeGreaterThanOrEqual(950);
    // Whole lines only, and only the graded pairs.
    // The humans' grades are binary (q1 d1 1): auto cuts the model's 2s to 1 (binary@2). Each grade
    // is written as it arrives (d3 waited out its 429), so the lines are compared in document order.
    const written = readAdditions(set).map(withoutDate);
    written.sort((x, y) => String(x.doc_id).localeCompare(String(y.doc_id)));
    // Calibrated on d1 alone: people 1, the judge's 1 cut to 0. Observed agreement 0, expected by
    // chance 1 x 0 + 0 x 1 = 0, so kappa (0 - 0) / (1 - 0) = 0.
    const gate = "Cohen's kappa 0.000 with people on 1 calibration pair";
    expect(written).toEqual([llmAddition('q1', 'd3', 1, gate), llmAddition('q1', 'd7', 1, gate)]);
  });

  it('names ten failed pairs and counts the rest; exit 1 when more failed than --max-failures allows', async () => {
    // Twelve pool pairs whose document is not in the corpus: each fails without a request.
    const missing = goldSet(
      ['g1 reset'],
      [['q1', 'd1', 1]],
      Array.from({ length: 12 }, (_, i): [string, string] => ['q1', `x${i + 1}`]),
    );
    const r = await judge(missing.pool, '--qrels', missing.qrels, '--chat', chat(), '--sample', '0');
    expect(r.code).toBe(1);
    expect(r.out).toContain('holes: graded 0 of 12, failed 12');
    expect(r.out.split('\n').filter((l) => /^ {2}q1 x\d+: /.test(l))).toHaveLength(10);
    expect(r.out).toContain('  and 2 more');
    expect(r.err).toContain('12 pairs failed, more than --max-failures 0');
    expect(fs.existsSync(missing.additions)).toBe(false);
    const allowed = await judge(
      missing.pool,
      '--qrels',
      missing.qrels,
      '--chat',
      chat(),
      '--sample',
      '0',
      '--max-failures',
      '12',
    );
    expect(allowed.code).toBe(0);
  });

  it('stops after five unreadable answers in a row, before asking the rest: exit 1, the grades it got written', async () => {
    const titles = ['g1 reset', ...Array.from({ length: 12 }, (_, i) => `g1 malformed ${i + 1}`)];
    const set = goldSet(
      titles,
      [['q1', 'd1', 1]],
      titles.slice(1).map((_, i): [string, string] => ['q1', `d${i + 2}`]),
    );
    server.reset();
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--sample', '0');
    expect(r.code).toBe(1);
    expect(r.out).toContain('holes: graded 0 of 12, failed 12');
    expect(r.out).toContain('stopped after 5 unreadable answers in a row');
    // The chat client keeps up to its concurrency in flight (4 here), so at most 5 + 3 were asked, never all 12.
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    expect(server.requests.length).toBeLessThan(12);
    expect(fs.existsSync(set.additions)).toBe(false);
  });

  it('stops at the first request when the endpoint is down: exit 2, nothing written', async () => {
    const dead = await new FakeChatServer().start();
    const deadOrigin = dead.origin;
    await dead.close();
    const set = mixedSet();
    const before = fs.readFileSync(set.additions, 'utf8');
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', `${MODEL}@${deadOrigin}`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/request failed \(ECONNREFUSED\) \(after 3 attempts\)/);
    expect(fs.readFileSync(set.additions, 'utf8')).toBe(before);
  });

  it('sends the key named by --chat-key-env and never shows it: not in output, errors or the additions', async () => {
    const key = 'sk-judge-0a1b2c3d4e5f';
    vi.stubEnv('TEST_JUDGE_KEY', key);
    const set = goldSet(
      ['g1 reset', 'g2 fine', 'g1 fail500 x'],
      [['q1', 'd1', 1]],
      [
        ['q1', 'd2'],
        ['q1', 'd3'],
      ],
    );
    const r = await judge(set.pool, '--qrels', set.qrels, '--chat', chat(), '--chat-key-env', 'TEST_JUDGE_KEY');
    // d3's 500 is a failed pair: exit 1.
    expect(r.code).toBe(1);
    expect(server.requests.every((q) => q.authorization === `Bearer ${key}`)).toBe(true);
    expect(r.out).toContain('you sent Authorization: Bearer (secret)');
    for (const text of [r.out, r.err, fs.readFileSync(set.additions, 'utf8')]) expect(text).not.toContain(key);
  });

  it.each([
    [['POOL', '--chat', 'm@http://127.0.0.1:1'], /missing --qrels QRELS/],
    [['POOL', '--qrels', 'Q'], /missing --chat MODEL@URL/],
    [
      ['POOL', '--qrels', 'Q', '--chat', 'm@http://127.0.0.1:1', '--min-kappa', 'high'],
      /--min-kappa must be a number from -1 to 1/,
    ],
    [['POOL', 'extra', '--qrels', 'Q', '--chat', 'm@http://127.0.0.1:1'], /unexpected argument "extra"/],
  ])('refuses %j before calling anything', async (argv, message) => {
    const r = await judge(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(server.requests).toEqual([]);
  });
});
