// Child process for expert-query-processes.test.ts: asks one question as JUDGE and prints
// "created ID" or "conflict MESSAGE". Usage: node --import tsx ask-worker.ts QRELS JUDGE TEXT
import { ConflictError } from '../../src/errors.js';
import { addExpertQuery } from '../../src/gold/expert-query.js';

const [qrels, judge, text] = process.argv.slice(2);
try {
  const { query } = await addExpertQuery(qrels!, {
    text: text!,
    judge: judge!,
    judgements: [{ docId: 'plans', grade: 1 }],
  });
  process.stdout.write(`created ${query.id}\n`);
} catch (err) {
  if (!(err instanceof ConflictError)) throw err;
  process.stdout.write(`conflict ${err.message}\n`);
}
