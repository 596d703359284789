import { InputError } from '../../errors.js';
import { DEFAULT_FUSED_K } from '../../fusion/fuse-runs.js';
import { fuseRunFiles } from '../../fusion/fuse-run-files.js';
import { indexRunFile } from '../../fusion/run-file-index.js';
import { FUSE_DEFAULTS, type FuseOptions } from '../../fusion/fuse-lists.js';
import { FUSED_SIGNIFICANT_DIGITS } from '../../fusion/fused-score.js';
import { methodHelpLines, normedMethodNames, normHelpLines } from '../../fusion/method-help.js';
import { fusionMethod, fusionMethodNames } from '../../fusion/method-registry.js';
import { checkRunCoverage, coverageLines, type RunCoverage } from '../../fusion/run-coverage.js';
import { JSON_OPTION } from '../json-output.js';
import { constantsOf, methodInput } from '../../fusion/method-spec.js';
import { normNames } from '../../fusion/norm-registry.js';
import { writeRunQueries } from '../../runs/run-stream-writer.js';
import { intOption, parse } from '../args.js';
import type { Command } from '../command.js';
import { constantOptions, fuseConstants, paramHelpLines } from './constant-flags.js';
import { methodName, normName, legNames, weightsOption, whatItReads } from './fusion-flags.js';

/** The help text, computed on each call so that it lists the methods and normalisations registered now. */
const usage = () => `Usage: testbed fuse RUN RUN... --method M --out fused.trec [options]

Fuses TREC run files query by query and writes the fused run, holding one query of each run
at a time: each query's lines must be together in its file, the files may list the queries in
any order. Each run's documents are read in trec_eval's order (score descending, ties by docid descending; the rank column is ignored),
which is the rank every method uses; a query one run lacks counts as an empty list there.
Fused documents are written in the same order: fused score descending, then docid descending.
Fused scores are rounded to ${FUSED_SIGNIFICANT_DIGITS} significant digits, then compared and written: a sum depends
in its last bit on the order of its terms, and scores equal in exact arithmetic must tie (and go
by docid), whatever the runs are called and in whatever order they are given.
Definitions follow ranx; "absent" is what a document missing from a run gets from it.

Methods (--method):
${methodHelpLines('  ').join('\n')}
  n(d) is the number of runs holding d (after --norm borda, which completes every run with the
  documents it lacks, all of them). The comb* methods multiply each norm by its run's weight too
  (1 each by default, which is their definition).

Normalisations (--norm, for ${normedMethodNames().join(', ')}):
${normHelpLines('  ').join('\n')}

Options:
  --method M          one of the methods above (required)
  --norm N            ${normNames().join(' | ')} (default ${FUSE_DEFAULTS.norm}; score methods only)
  --weights W,W,...   one weight >= 0 per run, in the order given, not all 0 (default 1 each);
                      a run weighted 0 is left out, its documents with it
${paramHelpLines().join('\n')}
  --depth D           cut each run to its top D documents per query before fusing
                      (default: all)
  --k K               fused documents kept per query (default ${DEFAULT_FUSED_K})
  --out FILE          run file to write (required)
  --tag TAG           run tag, last column (default fuse-METHOD)
  --allow-empty       fuse an empty run, or one sharing no query id with the others, instead
                      of refusing it (each run's queries and lines are printed either way)
  --json              print JSON on stdout: {out, method, tag, queries, lines (written), k,
                      depth (null: all), runs: [{file, name, weight, queries, lines, alone}]}
                      (alone: its queries no other run holds); the lines stay on stderr
  -h, --help          show this help`;

export const fuseCommand: Command = {
  name: 'fuse',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      method: { type: 'string' },
      norm: { type: 'string' },
      weights: { type: 'string' },
      ...constantOptions('fuse'),
      depth: { type: 'string' },
      k: { type: 'string' },
      out: { type: 'string' },
      tag: { type: 'string' },
      'allow-empty': { type: 'boolean' },
      ...JSON_OPTION,
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    if (positionals.length < 2)
      throw new InputError(`fuse needs at least two run files, got ${positionals.length}\n\n${usage()}`);
    if (!values.method)
      throw new InputError(`missing --method M (one of ${fusionMethodNames().join(', ')})\n\n${usage()}`);
    if (!values.out) throw new InputError(`missing --out FILE\n\n${usage()}`);
    const method = methodName('method', values.method);
    if (values.norm !== undefined && methodInput(fusionMethod(method)) !== 'normalised scores') {
      throw new InputError(
        `--norm applies to the score methods (${normedMethodNames().join(', ')}); ${whatItReads(fusionMethod(method))}`,
      );
    }
    const constants = fuseConstants(values, method);
    const options: FuseOptions = {
      method,
      ...(values.norm !== undefined && { norm: normName('norm', values.norm) }),
      ...(values.weights !== undefined && { weights: weightsOption(values.weights, positionals.length) }),
      ...(Object.keys(constants).length > 0 && { constants }),
    };
    const k = intOption('k', values.k, DEFAULT_FUSED_K);
    const depth = values.depth === undefined ? undefined : intOption('depth', values.depth, 0);
    const names = legNames(positionals);
    // One pass finds where each query is; the fusion then reads one query of each run at a time.
    const indexes = await Promise.all(positionals.map((file) => indexRunFile(file)));
    const coverage = indexes.map(({ file, ranges, lines }) => ({ file, queries: [...ranges.keys()], lines }));
    const covered = checkRunCoverage(coverage, Boolean(values['allow-empty']));
    io.err(coverageLines(covered));
    const legs = indexes.map((index, i) => ({ name: names[i]!, index }));
    const fused = fuseRunFiles(legs, options, { ...(depth !== undefined && { depth }), k });
    const tag = values.tag ?? `fuse-${method}`;
    const written = await writeRunQueries(values.out, fused, tag);
    io.err(
      `wrote ${values.out}: ${written.queries} queries, ${written.lines} lines (${describe(options, names)}${
        depth !== undefined ? `, depth ${depth}` : ''
      }, k ${k})\n`,
    );
    if (values.json) {
      const weights = options.weights ?? names.map(() => FUSE_DEFAULTS.weight);
      const runs = covered.map((c, i) => ({ file: c.file, name: names[i], weight: weights[i], ...pick(c) }));
      const result = { out: values.out, method, tag, queries: written.queries, lines: written.lines, k };
      io.out(JSON.stringify({ ...result, depth: depth ?? null, runs }, null, 2) + '\n');
    }
    return 0;
  },
};

function pick({ queries, lines, alone }: RunCoverage) {
  return { queries, lines, alone };
}

function describe(o: FuseOptions, names: string[]): string {
  const parts: string[] = [o.method];
  const m = fusionMethod(o.method);
  if (methodInput(m) === 'normalised scores') parts.push(`norm ${o.norm ?? FUSE_DEFAULTS.norm}`);
  for (const c of constantsOf(m)) parts.push(`${c.label ?? c.name} ${o.constants?.[c.name] ?? c.default}`);
  const weights = o.weights ?? names.map(() => FUSE_DEFAULTS.weight);
  parts.push(`over ${names.map((n, i) => `${n} ×${weights[i]}`).join(', ')}`);
  return parts.join(' ');
}
