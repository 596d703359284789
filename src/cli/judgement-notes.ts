import {
  clickLog,
  clickWarning,
  describeSourceMix,
  SOURCE_MIX_K,
  sourceMix,
  unshownByLog,
  type Judgements,
  type SourceMix,
} from '../metrics/index.js';
import { rankingOf, type Run } from '../runs/run.js';
import type { CliIo } from './command.js';

/**
 * What a score rests on, said on stderr beside it: the share of the run's top 10 judged from
 * each source (published, human, tickets, llm, clicks) and unjudged, over `queryIds` (the queries
 * scored), and, when some judgements come from clicks, which pipeline served that log and how
 * many of the run's documents it never showed. `name` prefixes the lines when several runs are
 * scored (compare). Returns the mix, for a JSON answer.
 */
export function judgementNotes(
  judgements: Judgements,
  run: Run,
  queryIds: readonly string[],
  io: Pick<CliIo, 'err'>,
  name?: string,
): SourceMix {
  const rankings = () => queryIds.map((qid): [string, string[]] => [qid, rankingOf(run, qid)]);
  const mix = sourceMix(judgements, rankings(), SOURCE_MIX_K);
  const who = name ? `${name}: ` : '';
  io.err(`${who}judgements behind the top ${SOURCE_MIX_K}: ${describeSourceMix(mix)}\n`);
  const log = clickLog(judgements);
  if (log) io.err(`${who}${clickWarning(log, unshownByLog(judgements, rankings(), SOURCE_MIX_K), SOURCE_MIX_K)}\n`);
  return mix;
}
