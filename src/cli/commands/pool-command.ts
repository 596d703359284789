import path from 'node:path';
import type { Qrels } from '../../corpus/types.js';
import { InputError } from '../../errors.js';
import { readGold } from '../../gold/index.js';
import { buildPool, type Pool, type PoolRun } from '../../runs/pool.js';
import { POOL_HEADER, writePool } from '../../runs/pool-file.js';
import { readPoolRun } from '../../runs/pool-run.js';
import { LEVELS } from '../../schemas/names.js';
import { intOption, oneOf, parse } from '../args.js';
import type { Command } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';

const usage = `Usage: testbed pool RUN... --depth D --out POOL [--qrels QRELS] [options]

Builds the TREC depth-k pool of the runs: for every query, the union of each run's top D
documents. Judging the pool makes a comparison of the runs fair: qrels drawn from one
system's results leave the others' hits unjudged, and an unjudged hit counts as a miss.
Each run's documents are read in trec_eval's order (score descending, ties by docid
descending; the rank column is ignored), one query at a time: each query's lines must be
together, as TREC tools write them.

POOL is TSV with the header ${POOL_HEADER.join(' TAB ')}, one (query, document) pair a line,
sorted by query id then document id; judged is the grade QRELS (with its additions,
QRELS.additions.jsonl) already holds, or empty for a pair still to judge (a negative grade,
"pooled, not judged" in trec_eval, counts as empty). Without --qrels every pair is empty.

Printed: for each run, how many of its top-D (query, document) pairs are unjudged (count and
share), then the pool's size, judged and unjudged.

Options:
  --depth D           documents taken from the top of each run, per query (required)
  --out POOL          pool file to write (required; written atomically)
  --qrels QRELS       BEIR tsv or TREC qrels whose judgements mark the pairs already judged
  --level doc|chunk   chunk: the runs hold chunk ids (DOC#N, as an experiment at chunk level
                      writes them); each is read as its document, a document's later
                      chunks adding nothing, and D counts ranks as metrics at D do
                      (default doc)
  --allow-empty       pool an empty run (no lines) instead of refusing it, as fuse and tune do
  --json              print JSON on stdout instead: {out, depth, level, pairs, judged, unjudged,
                      runs: [{name, pairs, unjudged}]} (the lines above go to stderr)
  -h, --help          show this help`;

export const poolCommand: Command = {
  name: 'pool',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      depth: { type: 'string' },
      out: { type: 'string' },
      qrels: { type: 'string' },
      level: { type: 'string' },
      'allow-empty': { type: 'boolean' },
      ...JSON_OPTION,
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (positionals.length === 0) throw new InputError(`pool needs at least one run file\n\n${usage}`);
    if (values.depth === undefined) throw new InputError(`missing --depth D\n\n${usage}`);
    if (!values.out) throw new InputError(`missing --out POOL\n\n${usage}`);
    const depth = intOption('depth', values.depth, 0);
    const level = oneOf('level', values.level, LEVELS, 'doc');
    const allowEmpty = Boolean(values['allow-empty']);
    const runs: PoolRun[] = await Promise.all(positionals.map((file) => readPoolRun(file, depth, allowEmpty)));
    const qrels: Qrels = values.qrels ? await readGold(values.qrels) : new Map();
    const pool = buildPool(runs, qrels, depth, level);
    writePool(values.out, pool.entries);
    const result = {
      out: values.out,
      depth,
      level,
      pairs: pool.entries.length,
      judged: pool.judged,
      unjudged: pool.unjudged,
      runs: pool.runs,
    };
    printResult(io, values.json, poolSummary(pool, values.out, values.qrels !== undefined), result);
    return 0;
  },
};

/** One line per run (its unjudged top-D pairs), then the pool's own counts. */
function poolSummary(pool: Pool, out: string, judged: boolean): string {
  const width = Math.max(...pool.runs.map((r) => r.name.length));
  const lines = pool.runs.map(
    (r) =>
      `${r.name.padEnd(width)}  ${r.unjudged} of its ${r.pairs} top-${pool.depth} pairs unjudged (${percent(r.unjudged, r.pairs)})`,
  );
  lines.push(
    `pool: ${pool.entries.length} pairs (depth ${pool.depth}, ${pool.runs.length} run${pool.runs.length === 1 ? '' : 's'}), ` +
      `${pool.judged} judged, ${pool.unjudged} unjudged${judged ? '' : ' (no --qrels)'} -> ${path.normalize(out)}`,
  );
  return lines.join('\n') + '\n';
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}
