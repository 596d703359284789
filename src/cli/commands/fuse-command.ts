import { InputError } from '../../errors.js';
import { DEFAULT_FUSED_K, fuseRuns } from '../../fusion/fuse-runs.js';
import { FUSE_DEFAULTS, type FuseOptions } from '../../fusion/fuse-lists.js';
import { METHOD_NAMES, METHODS } from '../../fusion/method-table.js';
import { NORM_NAMES } from '../../fusion/norm-table.js';
import { writeRankedRun } from '../../runs/trec-run-writer.js';
import { intOption, parse } from '../args.js';
import type { Command } from '../command.js';
import { decimal, methodName, NORMED_METHODS, normName, readLegRuns, weightsOption } from './fusion-flags.js';

const usage = `Usage: testbed fuse RUN RUN... --method M --out fused.trec [options]

Fuses TREC run files query by query and writes the fused run. Each run's documents are read
in trec_eval's order (score descending, ties by docid descending; the rank column is ignored),
which is the rank every method uses; a query one run lacks counts as an empty list there.
Fused documents are written in the same order: fused score descending, then docid descending.
Definitions follow ranx; "absent" is what a document missing from a run gets from it.

Methods (--method):
  rrf       Σ w / (k + rank)                       absent: 0
  isr       n(d) · Σ w / rank²                     absent: 0, not counted in n(d)
  borda     Σ w · (C - rank + 1), C candidates     absent: (C - n + 1) / 2, n its run's length
  combsum   Σ norm                                 absent: 0 after normalisation
  combmnz   n(d) · Σ norm                          absent: not counted
  combanz   Σ norm / n(d)                          absent: not counted
  combmax   max norm      combmin  min norm        over the runs holding d
  combmed   median norm                            over the runs holding d
  wsum      Σ w · norm                             absent: 0 after normalisation
  dbsf      Σ w · (s - lo) / (hi - lo)             absent: 0
            lo, hi = mean ∓ 3 sample sd of the run's scores, as Qdrant (not clamped)
  n(d) is the number of runs holding d. The comb* methods multiply each norm by its run's
  weight too (1 each by default, which is their definition).

Normalisations (--norm, for ${NORMED_METHODS.join(', ')}):
  minmax    (s - min) / (max - min); all-equal scores give 1
  zscore    (s - mean) / sd, population sd; all-equal scores give 0
  max       s / max (a run with no positive score is left as it is)
  sum       (s - min) / Σ (s - min); all-equal scores give 1/n
  rank      1 - (rank - 1) / n

Options:
  --method M          one of the methods above (required)
  --norm N            ${NORM_NAMES.join(' | ')} (default ${FUSE_DEFAULTS.norm}; score methods only)
  --weights W,W,...   one weight >= 0 per run, in the order given, not all 0 (default 1 each);
                      a run weighted 0 is left out, its documents with it
  --rrf-k K           the RRF constant, > 0 (default ${FUSE_DEFAULTS.rrfK}; rrf only)
  --depth D           cut each run to its top D documents per query before fusing
                      (default: all)
  --k K               fused documents kept per query (default ${DEFAULT_FUSED_K})
  --out FILE          run file to write (required)
  --tag TAG           run tag, last column (default fuse-METHOD)
  -h, --help          show this help`;

export const fuseCommand: Command = {
  name: 'fuse',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      method: { type: 'string' },
      norm: { type: 'string' },
      weights: { type: 'string' },
      'rrf-k': { type: 'string' },
      depth: { type: 'string' },
      k: { type: 'string' },
      out: { type: 'string' },
      tag: { type: 'string' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (positionals.length < 2)
      throw new InputError(`fuse needs at least two run files, got ${positionals.length}\n\n${usage}`);
    if (!values.method) throw new InputError(`missing --method M (one of ${METHOD_NAMES.join(', ')})\n\n${usage}`);
    if (!values.out) throw new InputError(`missing --out FILE\n\n${usage}`);
    const method = methodName('method', values.method);
    if (values.norm !== undefined && METHODS[method].reads !== 'normalised scores') {
      throw new InputError(
        `--norm applies to the score methods (${NORMED_METHODS.join(', ')}); ${method} reads ${METHODS[method].reads === 'ranks' ? 'ranks only' : 'raw scores and normalises them itself'}`,
      );
    }
    if (values['rrf-k'] !== undefined && method !== 'rrf')
      throw new InputError(`--rrf-k applies to rrf only, not ${method}`);
    const options: FuseOptions = {
      method,
      ...(values.norm !== undefined && { norm: normName('norm', values.norm) }),
      ...(values.weights !== undefined && { weights: weightsOption(values.weights, positionals.length) }),
      ...(values['rrf-k'] !== undefined && { rrfK: decimal('rrf-k', values['rrf-k'], (n) => n > 0, 'a number > 0') }),
    };
    const k = intOption('k', values.k, DEFAULT_FUSED_K);
    const depth = values.depth === undefined ? undefined : intOption('depth', values.depth, 0);
    const legs = await readLegRuns(positionals);
    const fused = fuseRuns(legs, options, { ...(depth !== undefined && { depth }), k });
    const lines = writeRankedRun(values.out, fused, values.tag ?? `fuse-${method}`);
    io.err(
      `wrote ${values.out}: ${fused.size} queries, ${lines} lines (${describe(
        options,
        legs.map((l) => l.name),
      )}${depth !== undefined ? `, depth ${depth}` : ''}, k ${k})\n`,
    );
    return 0;
  },
};

function describe(o: FuseOptions, names: string[]): string {
  const parts: string[] = [o.method];
  if (METHODS[o.method].reads === 'normalised scores') parts.push(`norm ${o.norm ?? FUSE_DEFAULTS.norm}`);
  if (o.method === 'rrf') parts.push(`k ${o.rrfK ?? FUSE_DEFAULTS.rrfK}`);
  const weights = o.weights ?? names.map(() => FUSE_DEFAULTS.weight);
  parts.push(`over ${names.map((n, i) => `${n} ×${weights[i]}`).join(', ')}`);
  return parts.join(' ');
}
