// Child process for concurrent-additions.test.ts: records COUNT judgements at once, all racing
// each other and the other workers. With GATE, it records the first half, waits until the file
// GATE exists, then records the rest: the test opens the gate from a removal, so that removal is
// sure to run between the two halves however the processes are scheduled.
// Usage: node --import tsx append-worker.ts QRELS WORKER COUNT [GATE]
import fs from 'node:fs';
import { addJudgement } from '../../src/gold/additions.js';

const [qrels, worker, count, gate] = process.argv.slice(2);
const DOCS = ['install-linux', 'install-mac', 'error-e1042', 'error-e2210', 'auth-failures', 'plans', 'faq-reset'];

const add = (items: number[]) =>
  Promise.all(
    items.map((i) =>
      addJudgement(qrels!, {
        queryId: `q${(i % 5) + 1}`,
        docId: DOCS[i % DOCS.length]!,
        grade: i % 4,
        // long enough that an interleaved write would visibly cut lines apart
        note: `worker ${worker} item ${i} ${'x'.repeat(400)}`,
      }),
    ),
  );

const items = Array.from({ length: Number(count) }, (_, i) => i);
if (gate) {
  const half = Math.ceil(items.length / 2);
  await add(items.slice(0, half));
  while (!fs.existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 5));
  await add(items.slice(half));
} else await add(items);
