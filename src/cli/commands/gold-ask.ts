import { printableLines } from '../printable.js';
import { queryAdditionsFile } from '../../gold/query-additions-file.js';
import { additionsFile } from '../../gold/additions-file.js';
import { addExpertQuery, EXPERT_MAX_GRADE, type ExpertJudgement } from '../../gold/expert-query.js';
import { beirSiblings } from '../../gold/beir-siblings.js';
import { InputError } from '../../errors.js';
import { parse, positional } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';

export const askUsage = `Usage: testbed gold ask QRELS --text TEXT --judge NAME --doc DOCID:GRADE [--doc DOCID:GRADE ...]
                        [--note TEXT]

Records a question a domain expert wrote, with the documents they marked for it, in one go (what
the judging page's "write a question" does). QRELS must be DIR/qrels/SPLIT.tsv in a BEIR folder.
The question goes to DIR/queries.jsonl.additions.jsonl (queries.jsonl itself is never edited)
with metadata source "expert", the judge and the date; its id is exp- and 12 hex digits of the
SHA-256 of the text in lower case with whitespace collapsed, so the same question asked again
is refused, naming the query that already has it. Each --doc becomes a judgement in
QRELS.additions.jsonl with source "expert". Every reader of the gold set (experiments, retrieve,
the playground, the judge) reads the added questions with the published ones.

Options:
  --text TEXT         the question (line breaks and runs of spaces become one space)
  --judge NAME        who wrote it (required)
  --doc DOCID:GRADE   a document of DIR/corpus.jsonl and its grade, 0 to ${EXPERT_MAX_GRADE} (the judging
                      page's scale); repeat for each document, each once. All grade 0 is kept:
                      a question the corpus cannot answer
  --note TEXT         why the question was asked, kept in its metadata
  --json              print JSON on stdout instead: {query: {id, text, metadata}, queries_file,
                      additions_file, judgements: [each as recorded]} (the lines go to stderr)
  -h, --help          show this help`;

const INTEGER = /^\d+$/;

/** `testbed gold ask`: a written question and its judgements, as the judging page records them. */
export async function runAsk(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    text: { type: 'string' },
    judge: { type: 'string' },
    doc: { type: 'string', multiple: true },
    note: { type: 'string' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(askUsage + '\n'), 0);
  const qrels = positional(positionals, 0, 'QRELS', askUsage);
  const extra = positionals[1];
  if (extra !== undefined) throw new InputError(`unexpected argument "${extra}"\n\n${askUsage}`);
  if (values.text === undefined) throw new InputError(`missing --text TEXT\n\n${askUsage}`);
  if (values.judge === undefined) throw new InputError(`missing --judge NAME\n\n${askUsage}`);
  const { query, additions } = await addExpertQuery(qrels, {
    text: values.text,
    judge: values.judge,
    judgements: (values.doc ?? []).map(docOption),
    note: values.note,
  });
  const queries = (await beirSiblings(qrels))?.queries;
  const grades = additions.map((a) => `  ${a.doc_id}\tgrade ${a.grade}`);
  const queriesFile = queries === undefined ? null : queryAdditionsFile(queries);
  const result = { query, queries_file: queriesFile, additions_file: additionsFile(qrels), judgements: additions };
  printResult(
    io,
    values.json,
    printableLines(
      [
        `recorded query ${JSON.stringify(query.id)} ${JSON.stringify(query.text)} by ${JSON.stringify(query.metadata.judge)} at ${query.metadata.date}` +
          (queries === undefined ? '' : ` in ${queryAdditionsFile(queries)}`),
        `with ${additions.length} judgement${additions.length === 1 ? '' : 's'} (source expert) in ${additionsFile(qrels)}:`,
        ...grades,
      ].join('\n'),
    ) + '\n',
    result,
  );
  return 0;
}

/** DOCID:GRADE, split at the last colon so a document id may hold colons itself. */
function docOption(value: string): ExpertJudgement {
  const colon = value.lastIndexOf(':');
  const docId = value.slice(0, colon);
  const grade = value.slice(colon + 1).trim();
  if (colon <= 0 || !INTEGER.test(grade))
    throw new InputError(
      `--doc must be DOCID:GRADE with GRADE an integer from 0 to ${EXPERT_MAX_GRADE}, got "${value}"`,
    );
  return { docId, grade: Number(grade) };
}
