import { clickLog, type Judgements } from '../metrics/index.js';
import type { ConfigResult, ExperimentReport } from '../reports/report-model.js';
import { servedByLabel } from '../traffic/served-by.js';

/**
 * The click log behind an experiment's gold set, when some of its judgements come from clicks:
 * the pipelines that served it, and the configurations that run the most-served one (their
 * pipeline has the same label as the logged one: the same legs and fusion). Clicks judge only
 * what the logged pipeline showed, so every other configuration's unshown documents count as not
 * relevant: the report marks the favoured configurations and says so.
 */
export function clickBias(judgements: Judgements, configs: readonly ConfigResult[]): ExperimentReport['clickLog'] {
  const log = clickLog(judgements);
  if (!log) return undefined;
  const served = log.servedBy[0]!.pipeline;
  const favoured = configs.filter((c) => c.pipeline && servedByLabel({ pipeline: c.pipeline }) === served);
  return { ...log, favoured: favoured.map((c) => c.name) };
}
