import { printableLines } from '../printable.js';
import { InputError } from '../../errors.js';
import { DEFAULT_HEAD_SHARE, DEFAULT_TORSO_SHARE } from '../../traffic/bands.js';
import { SAMPLE_METHODS } from '../../traffic/sample-queries.js';
import { sampleQuerySet } from '../../traffic/sample-query-set.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { intOption, oneOf, parse } from '../args.js';
import type { Command } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { formatBands, formatDropped, formatMasked } from '../traffic-summary-lines.js';
import { LOG_OPTIONS, LOG_USAGE, readLogs, shareOption } from '../traffic-logs.js';

const usage = `Usage: testbed queries sample LOG... --n N --out DIR [--method random|pps|top] [--seed S]

Draws a query set from real traffic. LOG is a search log: a folder written by \`testbed serve
--log-queries\`, an OpenSearch UBI export (ubi_queries and ubi_events, NDJSON or a JSON array),
or a CSV/JSONL click log; several may be given. Query texts are counted after masking personal
data and normalising (Unicode NFKC, case, whitespace); the form written is the one typed most
often. Every distinct query is cut into a band by cumulative share of traffic (most frequent
first: head until --head-share of all searches, torso until --torso-share, then tail), and
the bounds are printed. DIR/queries.jsonl gets one BEIR query per line, id log-<hash of the
normalised text> (the ids \`testbed gold from-clicks\` writes), tagged source: log, band,
frequency and zero_hits, so an experiment's slices show head against tail at once.

Options:
  --method M          random: n distinct queries uniformly (the tail well represented);
                      pps: probability proportional to frequency (the set looks like the
                      traffic); top: the n most frequent (default pps)
  --n N               how many distinct queries to draw (all of them when N is larger)
  --seed S            seeds random and pps: the same log, seed and n give the same set
                      (default ${DEFAULT_SEED})
  --out DIR           folder to write queries.jsonl into (created; the file is replaced whole)
  --head-share X      share of traffic the head covers (default ${DEFAULT_HEAD_SHARE})
  --torso-share X     share head and torso cover together (default ${DEFAULT_TORSO_SHARE})
  --keep-pii          keep e-mail addresses, phone numbers and runs of 7 or more digits; by
                      default they are masked (<email>, <phone>, <number>) and counted
  --json              print JSON on stdout instead (the lines go to stderr): {file, method,
                      seed, searches, distinct_queries, sampled, took_all, by_band: {head,
                      torso, tail}, zero_hit_queries, bands: [{band, queries, share,
                      min_frequency, max_frequency}],
                      masked, dropped}
${LOG_USAGE}
  -h, --help          show this help`;

/** `testbed queries sample`: a query set drawn from a search log, tagged head, torso or tail. */
export const queriesCommand: Command = {
  name: 'queries',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === '-h' || sub === '--help' || sub === 'help') return (io.out(usage + '\n'), 0);
    if (sub !== 'sample')
      throw new InputError(
        `${sub === undefined ? 'missing subcommand' : `unknown subcommand "${sub}"`} (expected sample)\n\n${usage}`,
      );
    const { values, positionals } = parse(rest, {
      method: { type: 'string' },
      n: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      'head-share': { type: 'string' },
      'torso-share': { type: 'string' },
      'keep-pii': { type: 'boolean' },
      ...JSON_OPTION,
      ...LOG_OPTIONS,
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (values.n === undefined) throw new InputError(`--n is required\n\n${usage}`);
    if (values.out === undefined) throw new InputError(`--out is required\n\n${usage}`);
    const method = oneOf('method', values.method, SAMPLE_METHODS, 'pps');
    const n = intOption('n', values.n, 0, 1, 10_000_000);
    const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
    const headShare = shareOption('head-share', values['head-share'], DEFAULT_HEAD_SHARE);
    const torsoShare = shareOption('torso-share', values['torso-share'], DEFAULT_TORSO_SHARE);
    const traffic = await readLogs(positionals, values, usage);
    const summary = sampleQuerySet(traffic, values.out, {
      method,
      n,
      seed,
      keepPii: values['keep-pii'] === true,
      headShare,
      torsoShare,
    });
    const lines = [
      `read ${summary.searches} searches; ${summary.distinctQueries} distinct queries after masking and normalising`,
      ...formatDropped(summary.dropped),
      formatMasked(summary.masked, values['keep-pii'] === true),
      'bands by cumulative share of traffic:',
      ...formatBands(summary.bands),
      `sampled ${summary.sampled} of ${summary.distinctQueries} queries (${summary.method}` +
        `${summary.method === 'top' ? '' : `, seed ${summary.seed}`})` +
        `${summary.tookAll ? ', all of them' : ''}: ` +
        `head ${summary.sampledByBand.head}, torso ${summary.sampledByBand.torso}, tail ${summary.sampledByBand.tail}` +
        `; ${summary.zeroHitQueries} never found anything`,
      `wrote ${summary.file}`,
    ];
    printResult(io, values.json, printableLines(lines.join('\n')) + '\n', {
      file: summary.file,
      method: summary.method,
      seed: summary.method === 'top' ? null : summary.seed,
      searches: summary.searches,
      distinct_queries: summary.distinctQueries,
      sampled: summary.sampled,
      took_all: summary.tookAll,
      by_band: summary.sampledByBand,
      zero_hit_queries: summary.zeroHitQueries,
      bands: summary.bands.map((b) => ({
        band: b.band,
        queries: b.queries,
        share: b.share,
        min_frequency: b.minFrequency ?? null,
        max_frequency: b.maxFrequency ?? null,
      })),
      masked: summary.masked,
      dropped: summary.dropped,
    });
    return 0;
  },
};
