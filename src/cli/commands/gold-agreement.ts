import { judgeAgreements, qrelsAgreement, type Agreement } from '../../gold/agreement.js';
import { readAdditions } from '../../gold/additions.js';
import { readGold } from '../../gold/read-judgements.js';
import { additionsFile } from '../../gold/additions-file.js';
import { InputError } from '../../errors.js';
import type { KappaResult } from '../../stats/kappa.js';
import { parse, positional } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';

const SCALE = /^\s*(-?\d+)\s*-\s*(-?\d+)\s*$/;

/**
 * `testbed gold agreement`: whether judges agree, per pair of judges over a gold set's additions
 * (or between two qrels files with --against), as pairs both judged, raw agreement, Cohen's
 * kappa, linearly weighted kappa and the confusion matrix of grades. Before trusting a judge's
 * grades (a new colleague's, a model's) one checks they agree with someone else's on the same
 * pairs, beyond what their grade shares alone would give by chance.
 */
export async function runAgreement(argv: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parse(argv, {
    judges: { type: 'string' },
    against: { type: 'string' },
    scale: { type: 'string' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(usage + '\n'), 0);
  const qrels = positional(positionals, 0, 'QRELS', usage);
  if (positionals.length > 1) throw new InputError(`unexpected argument "${positionals[1]}"\n\n${usage}`);
  const scale = scaleOption(values.scale);

  if (values.against !== undefined) {
    if (values.judges !== undefined)
      throw new InputError('--judges compares judges within the additions; --against compares two files: not both');
    const [a, b] = await Promise.all([readGold(qrels), readGold(values.against)]);
    const agreement = qrelsAgreement({ name: qrels, qrels: a }, { name: values.against, qrels: b }, scale);
    const lines = formatAgreement(agreement, `${qrels} against ${values.against}`).join('\n') + '\n';
    printResult(io, values.json, lines, { agreements: [agreementJson(agreement)] });
    return 0;
  }

  const judges = values.judges === undefined ? undefined : judgesOption(values.judges);
  const result = judgeAgreements(await readAdditions(qrels), { judges, scale });
  const file = additionsFile(qrels);
  const lines: string[] = [];
  const named = result.judges.map((j) => `${j.judge} (${j.pairs} pairs)`).join(', ');
  lines.push(`judges in ${file}: ${named === '' ? 'none' : named}`);
  if (result.withoutJudge > 0) lines.push(`${result.withoutJudge} additions name no judge and are left out`);
  if (result.agreements.length === 0) lines.push('fewer than two judges: nothing to compare (add with --judge NAME)');
  for (const agreement of result.agreements)
    lines.push('', ...formatAgreement(agreement, `${agreement.a} and ${agreement.b}`));
  printResult(io, values.json, lines.join('\n') + '\n', {
    judges: result.judges,
    without_judge: result.withoutJudge,
    agreements: result.agreements.map(agreementJson),
  });
  return 0;
}

/** One comparison for --json: the figures of its lines (an undefined kappa is null). */
function agreementJson({ a, b, pairs, kappa, linear }: Agreement) {
  return {
    a,
    b,
    pairs,
    raw_agreement: pairs === 0 ? null : kappa.observed,
    kappa: kappa.kappa,
    linear_kappa: linear.kappa,
    labels: kappa.labels,
    matrix: kappa.matrix,
  };
}

/** The lines for one comparison: counts, the three figures, then the grade confusion matrix. */
function formatAgreement(agreement: Agreement, title: string): string[] {
  const { pairs, kappa, linear } = agreement;
  const lines = [`${title}: ${pairs} pairs both judged`];
  if (pairs === 0) return lines;
  lines.push(
    `  raw agreement ${kappa.observed.toFixed(3)}`,
    `  Cohen's kappa ${figure(kappa)}`,
    `  linearly weighted kappa ${figure(linear)}`,
    `  grades (rows ${agreement.a}, columns ${agreement.b}):`,
  );
  const width = Math.max(
    ...kappa.labels.map((l) => String(l).length),
    ...kappa.matrix.flat().map((c) => String(c).length),
  );
  const cell = (text: string | number) => String(text).padStart(width + 2);
  lines.push(`  ${cell('')}${kappa.labels.map(cell).join('')}`);
  kappa.labels.forEach((label, i) => lines.push(`  ${cell(label)}${kappa.matrix[i]!.map(cell).join('')}`));
  return lines;
}

function figure(result: KappaResult): string {
  const chance = `(expected by chance ${result.expected.toFixed(3)})`;
  if (Number.isNaN(result.kappa)) return `undefined: ${result.undefinedReason}`;
  return `${result.kappa.toFixed(3)} ${chance}`;
}

function judgesOption(value: string): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length < 2) throw new InputError(`--judges needs two or more names separated by commas, got "${value}"`);
  return names;
}

function scaleOption(value: string | undefined): [number, number] | undefined {
  if (value === undefined) return undefined;
  const match = SCALE.exec(value);
  const low = Number(match?.[1]);
  const high = Number(match?.[2]);
  if (match === null || low > high)
    throw new InputError(`--scale must be LOW-HIGH with integers, lowest first (e.g. 0-3), got "${value}"`);
  return [low, high];
}
