import { additionsFile } from '../../gold/additions-file.js';
import { addJudgement, readAdditions } from '../../gold/additions.js';
import { MAX_GRADE } from '../../gold/check-fields.js';
import { removeJudgement } from '../../gold/remove-judgement.js';
import { requireQrelsFile } from '../../gold/require-qrels-file.js';
import { askUsage, runAsk } from './gold-ask.js';
import { fromClicksUsage, runFromClicks } from './gold-from-clicks.js';
import { generateUsage, runGenerate } from './gold-generate.js';
import { judgeUsage, runJudge } from './gold-judge.js';
import { runImport } from './gold-import.js';
import { runAgreement } from './gold-agreement.js';
import type { Addition } from '../../gold/types.js';
import { InputError } from '../../errors.js';
import { printable } from '../printable.js';
import { parse, positional } from '../args.js';
import type { CliIo, Command } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { readJudgements } from '../../gold/read-judgements.js';
import { countBySource } from '../../metrics/index.js';

const usage = `Usage: testbed gold add QRELS QID DOCID [--grade G] [--note TEXT] [--judge NAME] [--source WORD] [--json]
       testbed gold remove QRELS QID DOCID [--json]
       testbed gold list QRELS [--query QID] [--json]
       testbed gold ask QRELS --text TEXT --judge NAME --doc DOCID:GRADE [--doc DOCID:GRADE ...]
       testbed gold agreement QRELS [--judges A,B] [--against QRELS_B] [--scale LOW-HIGH] [--json]
       testbed gold import FILE --query FIELD --doc FIELD --out DIR [--grade FIELD] [--id FIELD]
                           [--corpus DIR] [--doc-key PATH] [--force] [--json]
       testbed gold from-clicks LOG... --out QRELS [--model coec|ctr] [--min-impressions N]
                                [--queries FILE] [--corpus DIR]
       testbed gold generate CORPUS --chat MODEL@URL --out DIR [--per-doc N] [--docs M]
                             [--seed S] [--style unread|plain] [--chat-key-env NAME] [--force]
       testbed gold judge POOL --qrels QRELS --chat MODEL@URL [--corpus DIR] [--sample N]
                          [--min-kappa K] [--runs RUN...] [--seed S] [--dry-run]

Grows a gold set with judgements found after the fact (a retrieved passage that answers the
query but was never judged). Additions go to QRELS.additions.jsonl, one JSON line each, and the
qrels file itself is never edited. Readers merge the two; for one (query, document) pair the
latest addition wins. When QRELS is DIR/qrels/SPLIT.tsv in a BEIR folder, QID must be in
DIR/queries.jsonl and DOCID in DIR/corpus.jsonl.

remove takes back what add recorded: every addition for the pair goes, and the pair reads as
QRELS has it (or unjudged) again. When no addition is left the additions file is deleted, so
add followed by remove leaves a checkout clean. A judgement that is only in QRELS cannot be
removed (the command refuses, naming the file); add it with --grade 0 to overrule it.

import builds a gold set from resolved support tickets or answered questions (the best gold
there is: a real question and the page that answered it). FILE is CSV with a header row or JSON
Lines; --query and --doc name its fields. A JSON field may hold an array of documents, a CSV cell
several separated by ";", and rows with the same --id (or, without --id, the same query text
after case, whitespace and Unicode NFKC are normalised) merge into one query. It writes
DIR/queries.jsonl (each query tagged "source": "tickets") and DIR/qrels/test.tsv, both or
neither, and prints what it wrote, the rows it skipped and why, and the documents --corpus does
not have (the first ten shown).

Subcommands:
  add QRELS QID DOCID     record that document DOCID is relevant to query QID
  remove QRELS QID DOCID  take back the judgements added for query QID and document DOCID
  list QRELS              print the additions recorded for QRELS, in the order recorded;
                          stderr counts the gold set's judgements by source (published,
                          human, tickets, llm, clicks)
  ask QRELS               record a question an expert wrote and the documents answering it
                          (testbed gold ask --help)
  agreement QRELS         how well judges agree: Cohen's kappa per pair of judges over the
                          additions, or between QRELS and --against QRELS_B
  import FILE             write a BEIR query set from tickets or answered questions
  from-clicks LOG...      graded qrels from a search log's clicks (testbed gold from-clicks --help)
  generate CORPUS         a query set of questions a chat model writes (testbed gold generate --help)
  judge POOL              grade a pool's unjudged pairs 0-3 with a chat model, after checking it
                          agrees with humans (testbed gold judge --help)

Options:
  --grade G           add: relevance grade, an integer from 0 to ${MAX_GRADE} (default 1);
                      0 records "judged not relevant"
  --note TEXT         add: why, kept with the judgement for later review
  --judge NAME        add: who judged (a person or a model), for agreement between judges
  --source WORD       add: what kind of judgement: human, expert, llm, tickets, clicks or
                      another short word
  --query QID         list: only the additions for query QID
  --json              list: print the additions as a JSON array (each as recorded in
                      QRELS.additions.jsonl: date, query_id, doc_id, grade, and judge, source,
                      note when given); [] when there are none.
                      add: print the addition as recorded, with file (the additions file).
                      remove: print {query_id, doc_id, removed: [the additions taken back],
                      file, remaining (additions left; 0: the file is deleted), published
                      (the grade QRELS holds for the pair, or null)}.
                      Each prints one JSON document on stdout and its line on stderr
  --judges A,B        agreement: only these judges (two or more), compared pair by pair
  --against QRELS_B   agreement: compare QRELS (with its additions) with another qrels file
                      over the pairs both judged, instead of judges within the additions
  --scale LOW-HIGH    agreement: the grade scale weighted kappa spans (default: the lowest
                      to the highest grade seen), e.g. 0-3
  --json              agreement: print {judges: [{judge, pairs}], without_judge, agreements:
                      [{a, b, pairs, raw_agreement, kappa, linear_kappa, labels, matrix}]}
                      (with --against: {agreements: [one]}); an undefined kappa is null
  --query FIELD       import: the field holding the question
  --doc FIELD         import: the field holding the answering document id(s)
  --grade FIELD       import: the field holding a grade, 0 to ${MAX_GRADE} (default 1 when absent)
  --id FIELD          import: the field holding the ticket's id (default: an id made from the
                      normalised query text, log- and 12 hex digits of its SHA-256)
  --corpus DIR        import: match documents against this corpus (BEIR folder or .jsonl)
  --doc-key PATH      import: with --corpus, where the id sits in each document, e.g.
                      metadata.url (default: the document id); DOCID#N chunk ids count
  --out DIR           import: the folder to write (created if missing)
  --force             import: replace DIR/queries.jsonl and DIR/qrels/test.tsv if present
  --json              import: print {queries, qrels (the files written), rows, written (queries),
                      pairs, skipped: [{reason, count, examples}], unmatched (documents
                      --corpus lacks, the same shape, or null)}
  --min-kappa K       judge: refuse to fill when Cohen's kappa with humans on the sample is below K
  --dry-run           judge: grade and print the agreement, write nothing
  -h, --help          show this help`;

const INTEGER = /^[+-]?\d+$/;

type Subcommand = (argv: string[], io: CliIo) => Promise<number>;

const SUBCOMMANDS: Record<string, Subcommand> = {
  add: runAdd,
  remove: runRemove,
  list: runList,
  ask: runAsk,
  agreement: (argv, io) => runAgreement(argv, io, usage),
  import: (argv, io) => runImport(argv, io, usage),
  'from-clicks': runFromClicks,
  generate: runGenerate,
  judge: runJudge,
};

/** "add, remove, ... or generate": what an unknown or missing subcommand is told to pick from. */
const SUBCOMMAND_NAMES = Object.keys(SUBCOMMANDS)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' or ');

/**
 * `testbed gold`: record a false negative in one command, list what has been recorded, and
 * import a gold set from tickets or derive one from a search log's clicks.
 */
export const goldCommand: Command = {
  name: 'gold',
  usage,
  subcommandUsages: [
    { name: 'ask', usage: askUsage },
    { name: 'from-clicks', usage: fromClicksUsage },
    { name: 'generate', usage: generateUsage },
    { name: 'judge', usage: judgeUsage },
  ],
  async run(argv, io) {
    const [name, ...rest] = argv;
    if (name === '-h' || name === '--help' || name === 'help') return (io.out(usage + '\n'), 0);
    if (name === undefined) throw new InputError(`missing subcommand (${SUBCOMMAND_NAMES})\n\n${usage}`);
    const sub = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
    if (sub === undefined)
      throw new InputError(`unknown subcommand "${name}" (expected ${SUBCOMMAND_NAMES})\n\n${usage}`);
    return sub(rest, io);
  },
};

async function runAdd(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    grade: { type: 'string' },
    note: { type: 'string' },
    judge: { type: 'string' },
    source: { type: 'string' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(usage + '\n'), 0);
  const qrels = positional(positionals, 0, 'QRELS', usage);
  const queryId = positional(positionals, 1, 'QID', usage);
  const docId = positional(positionals, 2, 'DOCID', usage);
  noMore(positionals, 3);
  const added = await addJudgement(qrels, {
    queryId,
    docId,
    grade: gradeOption(values.grade),
    note: values.note,
    judge: values.judge,
    source: values.source,
  });
  const note = added.note === undefined ? '' : ` note ${JSON.stringify(added.note)}`;
  const judge = added.judge === undefined ? '' : ` by ${JSON.stringify(added.judge)}`;
  const source = added.source === undefined ? '' : ` (${added.source})`;
  // JSON.stringify escapes C0 but not C1 (0x9B is a CSI) nor U+2028: printable does the rest.
  printResult(
    io,
    values.json,
    printable(
      `recorded query ${JSON.stringify(added.query_id)} document ${JSON.stringify(added.doc_id)} grade ${added.grade}${judge}${source}${note} ` +
        `at ${added.date} in ${additionsFile(qrels)}`,
    ) + '\n',
    { ...added, file: additionsFile(qrels) },
  );
  return 0;
}

async function runRemove(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, { ...JSON_OPTION });
  if (values.help) return (io.out(usage + '\n'), 0);
  const qrels = positional(positionals, 0, 'QRELS', usage);
  const queryId = positional(positionals, 1, 'QID', usage);
  const docId = positional(positionals, 2, 'DOCID', usage);
  noMore(positionals, 3);
  const { removed, published, remaining } = await removeJudgement(qrels, { queryId, docId });
  const grades = removed.map((a) => `grade ${a.grade} of ${a.date}`).join(', ');
  const file = additionsFile(qrels);
  printResult(
    io,
    values.json,
    printable(
      `removed query ${JSON.stringify(queryId)} document ${JSON.stringify(docId)} (${grades}) from ${file}` +
        (remaining === 0 ? ', now empty and deleted' : '') +
        `; the pair is ${published === undefined ? 'unjudged again' : `back to grade ${published} as in ${qrels}`}`,
    ) + '\n',
    { query_id: queryId, doc_id: docId, removed, file, remaining, published: published ?? null },
  );
  return 0;
}

async function runList(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, { query: { type: 'string' }, json: { type: 'boolean' } });
  if (values.help) return (io.out(usage + '\n'), 0);
  const qrels = positional(positionals, 0, 'QRELS', usage);
  noMore(positionals, 1);
  // Checked first: both reads below refuse a missing file, each in its own words, and under load
  // either could lose the race (a CI run saw "file not found" where "qrels file not found" was due).
  await requireQrelsFile(qrels);
  const [all, { judgements }] = await Promise.all([readAdditions(qrels), readJudgements(qrels)]);
  const counts = Object.entries(countBySource(judgements.grades, judgements.sources));
  io.err(`judgements by source: ${counts.map(([kind, n]) => `${kind} ${n}`).join(', ')}\n`);
  const shown = values.query === undefined ? all : all.filter((a) => a.query_id === values.query);
  if (values.json) return (io.out(JSON.stringify(shown, null, 2) + '\n'), 0);
  if (shown.length === 0) {
    const scope = values.query === undefined ? '' : ` for query ${JSON.stringify(values.query)}`;
    io.out(`no additions${scope} in ${additionsFile(qrels)}\n`);
    return 0;
  }
  io.out(['date\tquery_id\tdoc_id\tgrade\tjudge\tsource\tnote', ...shown.map(formatRow)].join('\n') + '\n');
  return 0;
}

// Tab-separated so it pastes into a spreadsheet; ids, judges and sources never hold tabs, notes
// get them flattened. The note stays last: it is the only free text.
function formatRow(a: Addition): string {
  const note = (a.note ?? '').replace(/\s+/g, ' ');
  // Every field a user typed, escaped: a note or judge holding ESC or BEL must not act on the terminal.
  return [a.date, a.query_id, a.doc_id, String(a.grade), a.judge ?? '', a.source ?? '', note].map(printable).join('\t');
}

// Number('') is 0 and Number('2.0') is 2: only plain integer text is a grade.
function gradeOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!INTEGER.test(value.trim()))
    throw new InputError(`--grade must be an integer from 0 to ${MAX_GRADE}, got "${value}"`);
  return Number(value);
}

function noMore(positionals: string[], count: number): void {
  const extra = positionals[count];
  if (extra !== undefined) throw new InputError(`unexpected argument "${extra}"\n\n${usage}`);
}
