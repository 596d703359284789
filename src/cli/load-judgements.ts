import { readQrels } from '../corpus/read-qrels.js';
import type { Qrels } from '../corpus/types.js';
import { readAdditions, readGold } from '../gold/index.js';
import type { CliIo } from './command.js';

/**
 * The qrels a command scores against, loaded as `testbed eval` loads them: grown by the
 * judgements `testbed gold add` recorded beside them, with a note on stderr saying how many,
 * unless `original` (the qrels file alone, as trec_eval would see it). The same steps as
 * eval's, so a tuned number and an eval number of one run count the same judgements.
 */
export async function loadJudgements(qrelsFile: string, original: boolean, io: Pick<CliIo, 'err'>): Promise<Qrels> {
  if (original) return readQrels(qrelsFile);
  const additions = (await readAdditions(qrelsFile)).length;
  if (additions > 0)
    io.err(
      `note: merged ${additions} judgement${additions === 1 ? '' : 's'} from ${qrelsFile}.additions.jsonl (--original to leave them out)\n`,
    );
  return readGold(qrelsFile);
}
