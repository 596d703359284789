// Child process for concurrent-additions.test.ts: records COUNT judgements at once, all racing
// each other and the other workers. Usage: node --import tsx append-worker.ts QRELS WORKER COUNT
import { addJudgement } from '../../src/gold/additions.js';

const [qrels, worker, count] = process.argv.slice(2);
const DOCS = ['install-linux', 'install-mac', 'error-e1042', 'error-e2210', 'auth-failures', 'plans', 'faq-reset'];

await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    addJudgement(qrels!, {
      queryId: `q${(i % 5) + 1}`,
      docId: DOCS[i % DOCS.length]!,
      grade: i % 4,
      // long enough that an interleaved write would visibly cut lines apart
      note: `worker ${worker} item ${i} ${'x'.repeat(400)}`,
    }),
  ),
);
