import { byteProgress } from '../../corpus/download/byte-progress.js';
import { datasetTable } from '../../corpus/download/dataset-table.js';
import { downloadCorpus } from '../../corpus/download/download-corpus.js';
import { formatBytes } from '../../corpus/download/format-bytes.js';
import { listDatasets } from '../../corpus/download/list-datasets.js';
import { DEFAULT_SHARED_DIR } from '../../corpus/download/manual-hint.js';
import { InputError } from '../../errors.js';
import { intOption, parse, positional } from '../args.js';
import type { CliIo, Command } from '../command.js';

const usage = `Usage: testbed corpus list [--dir DIR] [--shared DIR] [--json]
       testbed corpus download NAME [--dir DIR] [--url URL] [--md5 HEX] [--force] [--timeout S]

Lists the public BEIR datasets and downloads one into DIR/NAME as a BEIR folder
(corpus.jsonl, queries.jsonl, qrels/). The zip goes to DIR/.downloads/NAME.zip.part and an
interrupted download resumes where it stopped when run again. The zip must match the md5 BEIR
publishes; it is unzipped beside DIR/NAME and moved into place only once complete and checked.
Offline? Copy a BEIR folder to DIR/NAME by hand; ${DEFAULT_SHARED_DIR} may hold a copy.

Subcommands:
  list                the datasets with size and counts, and which are already in DIR
  download NAME       fetch, check and unzip dataset NAME (a name from list, or any name
                      with --url)

Options:
  --dir DIR           corpora folder (default corpora)
  --shared DIR        folder of ready-made copies to point to (default ${DEFAULT_SHARED_DIR})
  --url URL           download: fetch from URL instead of BEIR's address (a mirror)
  --md5 HEX           download: expected md5 of the zip (default: the one BEIR publishes;
                      other names are not checked without it)
  --force             download: replace DIR/NAME if it exists (a partial download still resumes)
  --json              list: print JSON instead of the table: [{name, docs, queries, bytes,
                      split, present, partial_bytes, shared}], one object per dataset
  --timeout S         download: give up when the server sends nothing for S seconds (default 30)
  -h, --help          show this help`;

type Subcommand = (argv: string[], io: CliIo) => Promise<number>;

const SUBCOMMANDS: Record<string, Subcommand> = { list: runList, download: runDownload };

/** `testbed corpus`: see which public BEIR sets exist and fetch one, resumably and checked. */
export const corpusCommand: Command = {
  name: 'corpus',
  usage,
  async run(argv, io) {
    const [name, ...rest] = argv;
    if (name === '-h' || name === '--help' || name === 'help') return (io.out(usage + '\n'), 0);
    if (name === undefined) throw new InputError(`missing subcommand (list or download)\n\n${usage}`);
    const sub = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
    if (sub === undefined) throw new InputError(`unknown subcommand "${name}" (expected list or download)\n\n${usage}`);
    return sub(rest, io);
  },
};

async function runList(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    dir: { type: 'string' },
    shared: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return (io.out(usage + '\n'), 0);
  noMore(positionals, 0);
  const dir = values.dir ?? 'corpora';
  const shared = values.shared ?? DEFAULT_SHARED_DIR;
  const datasets = await listDatasets(dir, shared);
  if (values.json) io.out(JSON.stringify(datasets.map(datasetJson), null, 2) + '\n');
  else io.out(datasetTable(datasets, dir, shared));
  return 0;
}

async function runDownload(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    dir: { type: 'string' },
    shared: { type: 'string' },
    url: { type: 'string' },
    md5: { type: 'string' },
    force: { type: 'boolean' },
    timeout: { type: 'string' },
  });
  if (values.help) return (io.out(usage + '\n'), 0);
  const name = positional(positionals, 0, 'NAME', usage);
  noMore(positionals, 1);
  const draw = byteProgress(io);
  let drawing = false;
  const result = await downloadCorpus({
    name,
    dir: values.dir ?? 'corpora',
    url: values.url,
    md5: values.md5,
    force: values.force,
    timeoutMs: intOption('timeout', values.timeout, 30, 1, 3600) * 1000,
    sharedDir: values.shared,
    onProgress: (p) => {
      drawing = io.tty && (p.total === undefined || p.done < p.total);
      draw(p);
    },
    onNotice: (m) => io.err(m + '\n'),
  }).finally(() => {
    // An error while the bar is mid-line would otherwise be glued to it.
    if (drawing) io.err('\n');
  });
  if (result.status === 'present') {
    io.err(`${result.path} is already here; left it alone (use --force to download it again)\n`);
    return 0;
  }
  const check = result.checked
    ? `md5 ${result.md5} checked`
    : `md5 ${result.md5} (not checked: no expected md5; pass --md5)`;
  const resumed = result.resumedFrom > 0 ? `, resumed from ${formatBytes(result.resumedFrom)}` : '';
  io.err(`wrote ${result.path}: ${result.files} files from ${formatBytes(result.bytes)} zip (${check}${resumed})\n`);
  return 0;
}

function noMore(positionals: string[], count: number): void {
  const extra = positionals[count];
  if (extra !== undefined) throw new InputError(`unexpected argument "${extra}"\n\n${usage}`);
}

/** One dataset for `list --json`: the registry's figures and what this machine holds. */
function datasetJson(d: Awaited<ReturnType<typeof listDatasets>>[number]) {
  const { docs, queries, bytes, split } = d.dataset;
  return {
    name: d.name,
    docs,
    queries,
    bytes,
    split,
    present: d.present,
    partial_bytes: d.partialBytes,
    shared: d.shared,
  };
}
