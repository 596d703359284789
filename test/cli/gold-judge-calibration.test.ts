import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { CHAT_TIMEOUT_MS, chatServerForCommandTests } from '../llm/fake-chat-server.js';

/**
 * The LLM judge is checked before it is paid: it grades the calibration sample, prints its
 * agreement with the people's grades, and with --min-kappa stops there, before a single hole.
 *
 * The gold set: documents d1..d60 judged by people (d1..d30 relevant, grade 1; d31..d60 not,
 * grade 0) and 40 holes d61..d100 in the pool. Each document's title is "doc N"; the fake model
 * answers what `grade(N)` says, on its 0-3 scale: the qrels are binary, so the judge's grades are
 * cut at 2 (--scale auto: binary@2) before they are compared or written.
 */
const root = tmpDir('testbed-judge-calibration-');
const HUMAN = 60;
const HOLES = 40;
let grade: (n: number) => number = () => 0;
const docNumber = (prompt: string) => Number(/^Passage:\ndoc (\d+)$/m.exec(prompt)?.[1]);
const server = chatServerForCommandTests({
  keyOf: (prompt) => `doc ${docNumber(prompt)}`,
  answer: (prompt) => JSON.stringify({ grade: grade(docNumber(prompt)) }),
});
const human = (n: number) => (n <= HUMAN / 2 ? 1 : 0);

function goldSet(options: { positivesOnly?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(root, 'set-'));
  fs.mkdirSync(path.join(dir, 'qrels'));
  const all = Array.from({ length: HUMAN + HOLES }, (_, i) => i + 1);
  const docs = all.map((n) => JSON.stringify({ _id: `d${n}`, title: `doc ${n}`, text: `Body ${n}.` }));
  fs.writeFileSync(path.join(dir, 'corpus.jsonl'), docs.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'queries.jsonl'), JSON.stringify({ _id: 'q1', text: 'how to sync' }) + '\n');
  const judged = all.slice(0, HUMAN).filter((n) => !options.positivesOnly || human(n) === 1);
  const qrels = path.join(dir, 'qrels', 'test.tsv');
  fs.writeFileSync(
    qrels,
    ['query-id\tcorpus-id\tscore', ...judged.map((n) => `q1\td${n}\t${human(n)}`)].join('\n') + '\n',
  );
  const pool = path.join(dir, 'pool.tsv');
  fs.writeFileSync(pool, ['query-id\tcorpus-id\tjudged', ...all.map((n) => `q1\td${n}\t`)].join('\n') + '\n');
  return { qrels, pool, additions: `${qrels}.additions.jsonl` };
}

const judge = (set: { qrels: string; pool: string }, ...argv: string[]) =>
  runCli(['gold', 'judge', set.pool, '--qrels', set.qrels, '--chat', `m@${server.origin}`, ...argv]);
/** The documents asked about, in the order first asked (a retried request counts once). */
const asked = () => [...new Set(server.requests.map((r) => Number(r.title.replace('doc ', ''))))];

describe('gold judge calibrates before it grades a hole', () => {
  it('a judge answering at random is stopped by --min-kappa after the 50 calibration pairs', async () => {
    // A grade from the document number alone, unrelated to the people's: 0-3 in a fixed scramble.
    grade = (n) => (n * 7 + 3) % 4;
    const set = goldSet();
    const r = await judge(set, '--min-kappa', '0.6');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /Cohen's kappa on the calibration sample is -?\d\.\d{3}, below --min-kappa 0\.6: refusing to fill, no hole graded/,
    );
    // Before the first request it says what it will ask and how long a silent server is waited for.
    expect(r.err).toContain(
      `calibrating on 50 pairs before grading ${HOLES} holes; the first request goes alone, ${CHAT_TIMEOUT_MS} ms an attempt and 2 retries (TESTBED_CHAT_TIMEOUT_MS, TESTBED_CHAT_RETRIES)`,
    );
    // Exactly the calibration sample was asked, every one a human-judged pair, no hole.
    expect(asked()).toHaveLength(50);
    expect(asked().every((n) => n <= HUMAN)).toBe(true);
    expect(fs.existsSync(set.additions)).toBe(false);
  });

  it('a judge that flips 15% of the grades passes, printing kappa with an interval that holds it', async () => {
    // The right grade (3 for relevant, 0 for not) except on d7, d27, d47, ... (n % 20 = 7), d13,
    // d33, ... and d20, d40, ...: 3 of every 20 documents, 15%.
    const flipped = (n: number) => n % 20 === 7 || n % 20 === 13 || n % 20 === 0;
    grade = (n) => ((human(n) === 1) !== flipped(n) ? 3 : 0);
    const set = goldSet();
    const r = await judge(set, '--min-kappa', '0.4');
    expect(r.code, r.err).toBe(0);

    // Kappa by hand over the pairs the calibration asked (the first 50 requests; the holes follow):
    // the people's grade against the judge's cut at 2.
    const sample = asked().slice(0, 50);
    expect(sample.every((n) => n <= HUMAN)).toBe(true);
    const pairs = sample.map((n) => [human(n), grade(n) >= 2 ? 1 : 0] as const);
    const share = (f: (p: readonly [number, number]) => boolean) => pairs.filter(f).length / pairs.length;
    const observed = share(([h, j]) => h === j);
    const humanYes = share(([h]) => h === 1);
    const judgeYes = share(([, j]) => j === 1);
    const expected = humanYes * judgeYes + (1 - humanYes) * (1 - judgeYes);
    const kappa = (observed - expected) / (1 - expected);
    expect(observed).toBeLessThan(1); // some flipped pairs were drawn

    const line = new RegExp(
      `  Cohen's kappa ${kappa.toFixed(3)} \\(95% interval (-?\\d\\.\\d{3}) to (-?\\d\\.\\d{3}), 50 pairs; expected by chance ${expected.toFixed(3)}\\)`,
    ).exec(r.out);
    expect(line, r.out).not.toBeNull();
    const [low, high] = [Number(line![1]), Number(line![2])];
    expect(low).toBeLessThanOrEqual(kappa);
    expect(high).toBeGreaterThanOrEqual(kappa);
    expect(high).toBeGreaterThan(low);
    expect(r.out).toContain("scale: binary: the judge's 2-3 count as 1, 0-1 as 0 (--scale binary@2)");
    // Then every hole was graded and written on the qrels' binary scale.
    expect(asked()).toHaveLength(50 + HOLES);
    const written = fs
      .readFileSync(set.additions, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { doc_id: string; grade: number; note: string });
    expect(written).toHaveLength(HOLES);
    // Each grade carries the agreement measured at its gate: the kappa computed above.
    for (const a of written)
      expect(a.note.endsWith(`; Cohen's kappa ${kappa.toFixed(3)} with people on 50 calibration pairs`)).toBe(true);
    expect(new Set(written.map((a) => a.grade))).toEqual(new Set([0, 1]));
  });

  it('positives-only qrels: says agreement cannot be measured and, with --min-kappa, asks nothing', async () => {
    grade = () => 3;
    const set = goldSet({ positivesOnly: true });
    const r = await judge(set, '--min-kappa', '0.5');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'agreement cannot be measured: all 30 human-judged pairs are graded 1 or more (positives only, as most',
    );
    expect(r.out).toContain('testbed gold add QRELS QID DOCID --grade 0');
    expect(r.err).toContain(
      'agreement cannot be measured without judged negatives (--min-kappa 0.5): refusing to fill',
    );
    expect(server.requests).toHaveLength(0);
  });
});
