import { embedderKinds } from '../../embedders/registry.js';
import { tokenizerNames } from '../../store/tokenizers.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { cacheHome, embeddingCacheFile } from '../../cache-home.js';
import { exitOnInterrupt } from '../exit-on-interrupt.js';
import { progressBar } from '../progress-bar.js';
import { InputError } from '../../errors.js';
import type { BuildStages, IndexMeta } from '../../store/index-meta.js';

/** The help text, computed on each call so that it lists the tokenizers registered now. */
const usage = () => `Usage: testbed index CORPUS --out FILE [options]

Reads CORPUS (a BEIR folder, a folder of .md/.txt files, or a .jsonl file), chunks it, and
writes one SQLite index file (FTS5 + vectors). The file appears only when the build is complete.

Options:
  --out FILE          index file to write (required)
  --chunker SPEC      auto | doc | words:SIZE[:OVERLAP] | structure:MAX | sentences:N[:OVERLAP]
                      (default auto: structure:N, N words sized for the embedder's input
                      (200 or fewer); structure:200 without an embedder)
  --embedder SPEC     ${embedderForms()}
                      (default auto: transformers:Xenova/all-MiniLM-L6-v2 if available, else
                      use-lite); openai: any OpenAI-compatible POST <base-url>/embeddings
  --tokenizer T       auto | ${tokenizerNames().join(' | ')}
                      (default auto: english, Lucene's English analysis as in Anserini's BM25,
                      for an English corpus; multilingual for any other or mixed corpus)
  --cache-dir DIR     the cache shared by every command (default: TESTBED_HOME, else
                      ~/.cache/retrieval-testbed): embeddings are looked up there first
  --cache FILE        one embedding cache file instead (default DIR/embeddings.sqlite)
  --json              print the index's metadata as JSON on stdout ({file, corpus, chunker,
                      tokenizer, embedder, counts, languages, build}, as \`testbed serve\`
                      reports it); the summary line stays on stderr
  --threads N         analysis threads (default: the core count, 1 for a corpus under 4 MiB);
                      the index written is the same for any N
  --detect-language   detect the language of every document without one in its metadata, so
                      lang= filters work (default: only when the tokenizer analyses each document
                      in its language, else a sample for the summary, and lang= is refused)
  --no-fts5           build no FTS5 table: the fts5 engine is refused on the index, which is a
                      quarter smaller at a million chunks (postings and wink, the same BM25,
                      remain); needs the english or multilingual tokenizer
  --skip-empty        skip documents with neither text nor title (and say which) instead of
                      stopping; an empty text with a title is indexed with the title as its text
  -h, --help          show this help

Environment (the openai embedder; none of these changes a vector, so the cache still applies):
  TESTBED_OPENAI_KEY_VAR     the variable whose value is sent as Authorization: Bearer, or as
                             api-key to Azure OpenAI (default OPENAI_API_KEY, sent to
                             https://api.openai.com only); TESTBED_OPENAI_KEY_HEADER=api-key
                             sends it so elsewhere (a gateway in front of Azure)
  TESTBED_OPENAI_KEY_ORIGIN  the origin (scheme://host:port) that key is for: an endpoint
                             elsewhere gets none (testbed serve requires it with the key)
  TESTBED_OPENAI_BATCH       inputs per request (default 64); TESTBED_OPENAI_MAX_CHARS,
                             characters per request (default 100000)
  TESTBED_OPENAI_CONCURRENCY requests in flight (default 8); TESTBED_OPENAI_TIMEOUT_MS per
                             attempt (default 60000); TESTBED_OPENAI_RETRIES on 429/5xx
                             (default 4), the first after TESTBED_OPENAI_BACKOFF_MS (default 500)
  TESTBED_OPENAI_MAX_TOKENS  the model's input limit (default 8191 for OpenAI's models, else 512)
  TESTBED_OPENAI_CA_FILE     PEM CA certificate(s) for an endpoint with a private CA (or set
                             NODE_EXTRA_CA_CERTS); TESTBED_OPENAI_CLIENT_CERT and
                             TESTBED_OPENAI_CLIENT_KEY for mutual TLS; TESTBED_OPENAI_INSECURE=1
                             skips verifying the certificate (warned on stderr)`;

// Where the value column of an option starts, and the width help texts keep to.
const VALUE_COLUMN = 22;
const HELP_WIDTH = 96;

/** The embedder kinds' forms joined by " | ", a line broken before a form that would run past HELP_WIDTH. */
function embedderForms(): string {
  const lines: string[] = [];
  let line = '';
  for (const { form } of embedderKinds()) {
    const longer = line === '' ? form : `${line} | ${form}`;
    if (line !== '' && VALUE_COLUMN + longer.length > HELP_WIDTH) {
      lines.push(line);
      line = `| ${form}`;
    } else line = longer;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(VALUE_COLUMN)}`);
}

/** `--threads`' value as a positive integer, or a usage error naming the option. */
function positiveInteger(value: string, option: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1)
    throw new InputError(`${option} takes a positive integer, got "${value}"`);
  return n;
}

/**
 * The build's rate and where its time went: documents a second over the lexical build (embedding
 * excluded), and each stage's share of the busy time of every thread.
 */
export function buildRate(meta: IndexMeta): string {
  const { stages, threads, documentsPerSecond } = meta.build;
  if (!stages || documentsPerSecond === undefined) return '';
  const entries = Object.entries(stages) as [keyof BuildStages, number][];
  const busy = entries.reduce((sum, [, s]) => sum + s, 0);
  const shares = entries.map(([stage, s]) => `${stage} ${busy > 0 ? Math.round((100 * s) / busy) : 0}%`);
  return `${Math.round(documentsPerSecond)} documents/s on ${threads ?? 1} analysis thread(s); busy time ${busy.toFixed(1)} s: ${shares.join(', ')}`;
}

export const indexCommand: Command = {
  name: 'index',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      out: { type: 'string' },
      chunker: { type: 'string' },
      embedder: { type: 'string' },
      tokenizer: { type: 'string' },
      cache: { type: 'string' },
      'cache-dir': { type: 'string' },
      'skip-empty': { type: 'boolean' },
      threads: { type: 'string' },
      'detect-language': { type: 'boolean' },
      'no-fts5': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    const corpus = positional(positionals, 0, 'CORPUS', usage());
    const out = values.out ?? positional([], 0, '--out FILE', usage());
    // Loaded here: --help should not wait for SQLite, the chunkers and the embedders.
    const { buildIndex } = await import('../../indexing/build-index.js');
    const meta = await exitOnInterrupt(io, `no index written to ${out}, the partial file removed`, () =>
      buildIndex({
        corpus,
        out,
        chunker: values.chunker,
        embedder: values.embedder,
        tokenizer: values.tokenizer,
        cacheFile: values.cache ?? embeddingCacheFile(cacheHome(values['cache-dir'])),
        skipEmpty: values['skip-empty'],
        ...(values.threads !== undefined && { threads: positiveInteger(values.threads, '--threads') }),
        ...(values['detect-language'] && { detectLanguage: true }),
        ...(values['no-fts5'] && { fts5: false }),
        onProgress: progressBar(io),
        onNotice: (m) => io.err(m + '\n'),
      }),
    );
    const c = meta.counts;
    io.err(
      `wrote ${out}: ${c.documents} documents, ${c.chunks} chunks (${meta.chunker}), ` +
        `${c.vectors} vectors (${meta.embedder?.id ?? 'no embedder'}), tokenizer ${meta.tokenizer}${meta.fts5 === false ? ' (no FTS5 table)' : ''}, ` +
        `${meta.build.seconds.toFixed(1)} s (embedding ${meta.build.embedSeconds.toFixed(1)} s` +
        (meta.build.embeddings
          ? `: ${meta.build.embeddings.fromCache} from the cache, ${meta.build.embeddings.embedded} by the model`
          : '') +
        ')' +
        (c.truncatedChunks ? `; ${c.truncatedChunks} chunks truncated by the model` : '') +
        '\n' +
        buildRate(meta) +
        '\n',
    );
    if (values.json) io.out(JSON.stringify({ file: out, ...meta }, null, 2) + '\n');
    return 0;
  },
};
