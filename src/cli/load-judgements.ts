import type { Judgements } from '../metrics/index.js';
import { readJudgements } from '../gold/index.js';
import type { CliIo } from './command.js';

/**
 * The judgements a command scores against, loaded as every command loads them: the qrels grown
 * by the judgements `testbed gold add` recorded beside them (with a note on stderr saying how
 * many, and naming any torn line it skipped), unless `original` (the qrels file alone, as trec_eval would see it), at `threshold`.
 * eval, compare, tune and fuse share this, so a tuned number and an eval number of one run count
 * the same judgements.
 */
export async function loadJudgements(
  qrelsFile: string,
  options: { original: boolean; threshold?: number },
  io: Pick<CliIo, 'err'>,
): Promise<Judgements> {
  const { judgements, additions, torn } = await readJudgements(qrelsFile, options);
  if (torn.length > 0)
    io.err(
      `warning: skipped ${torn.length} torn line${torn.length === 1 ? '' : 's'} (cut short by a crash or a full disk): ${torn.join(', ')}\n`,
    );
  if (additions > 0)
    io.err(
      `note: merged ${additions} judgement${additions === 1 ? '' : 's'} from ${qrelsFile}.additions.jsonl (--original to leave them out)\n`,
    );
  return judgements;
}
