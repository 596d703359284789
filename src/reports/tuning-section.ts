import { SELECT_RULE_WORDS } from '../fusion/tune/select-setting.js';
import type { ExperimentReport, Tuning } from './report-model.js';
import { fmt, signed, table } from './format.js';

const interval = (e: { low: number; high: number }) => `[${signed(e.low)}, ${signed(e.high)}]`;

/** The setting chosen on all judged queries, and how to rank with it outside the experiment. */
function deployLine(t: Tuning): string {
  const how = t.deploy.fuseFlags
    ? `\`testbed fuse\` over the legs' run files with \`${t.deploy.fuseFlags}\``
    : "the leg's run as it is, no fusion";
  return `To deploy (chosen by the same rule on all the judged queries): ${t.deploy.setting}; ${how}.`;
}

/**
 * The tuned configurations: the held-out mean (each query ranked with a setting chosen on the
 * other folds), its gain over the better leg and over untuned RRF with 95% intervals, the
 * verdict against the better leg in words, the setting to deploy, and what each fold chose. The number that matters is held out; the training means are shown so a
 * reader sees how much tuning on the same queries would have flattered it.
 */
export function tuningSection(r: ExperimentReport): string {
  const tuned = r.configs.filter((c) => c.tuning);
  if (tuned.length === 0) return '';
  const parts = ['## Tuned fusion (k-fold cross-validation, held out)'];
  for (const c of tuned) {
    const t = c.tuning!;
    parts.push(
      `### \`${c.name}\`: ${t.legs.map((l) => `\`${l}\``).join(' + ')}, ${t.metric}, ${t.folds} folds (seed ${t.seed}), ${t.settingsSearched} settings searched, chosen by ${SELECT_RULE_WORDS[t.select]}\n\n` +
        table(
          ['', t.metric, 'Δ tuned [95% CI]'],
          [
            ['tuned, held out', `${fmt(t.heldOut.mean)} [${fmt(t.heldOut.low)}, ${fmt(t.heldOut.high)}]`, ''],
            [
              `best leg \`${t.bestLeg.name}\``,
              fmt(t.bestLeg.mean),
              `${signed(t.bestLeg.diff.mean)} ${interval(t.bestLeg.diff)}`,
            ],
            [
              'untuned rrf (k 60, equal weights)',
              fmt(t.untunedRrf.mean),
              `${signed(t.untunedRrf.diff.mean)} ${interval(t.untunedRrf.diff)}`,
            ],
          ],
        ) +
        `\n\n${t.verdict}\n\n${deployLine(t)}\n\n` +
        table(
          ['fold', 'queries', 'chosen on the other folds', 'train mean', 'held-out mean'],
          t.perFold.map((f, i) => [String(i + 1), String(f.queries), f.setting, fmt(f.trainMean), fmt(f.heldOutMean)]),
        ),
    );
  }
  return parts.join('\n\n');
}
