// Child process for concurrent-additions.test.ts: once the add workers have begun writing,
// takes back each (query, document) pair named on the command line, one after the other, and
// prints how many add-worker lines each removal saw in the file (evidence that it ran while
// additions were still arriving). With GATE, it creates that file after its first removal: the
// add workers wait for it halfway, so the first removal always lands between their halves.
// Usage: node --import tsx remove-worker.ts QRELS PAIRS_JSON [GATE]
import fs from 'node:fs';
import { additionsFile } from '../../src/gold/additions-file.js';
import { removeJudgement } from '../../src/gold/remove-judgement.js';

const [qrels, pairsJson, gate] = process.argv.slice(2);
const pairs = JSON.parse(pairsJson!) as [string, string][];
const file = additionsFile(qrels!);
const workerLines = () => (fs.readFileSync(file, 'utf8').match(/"note":"worker /g) ?? []).length;

while (workerLines() === 0) await new Promise((resolve) => setTimeout(resolve, 2));
const seen: number[] = [];
for (const [queryId, docId] of pairs) {
  await removeJudgement(qrels!, { queryId, docId });
  seen.push(workerLines());
  if (gate && !fs.existsSync(gate)) fs.writeFileSync(gate, '');
}
process.stdout.write(JSON.stringify(seen));
