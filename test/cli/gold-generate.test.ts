import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { QUESTION_PROMPTS } from '../../src/gold/question-prompts.js';
import { MAX_PASSAGE_CHARS } from '../../src/gold/sample-docs.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { CHAT_TIMEOUT_MS, chatServerForCommandTests, FakeChatServer } from '../llm/fake-chat-server.js';

const root = tmpDir('testbed-generate-');
let made = 0;
const server = chatServerForCommandTests();

/** A corpus .jsonl of documents titled as given (the fake server answers from the title), ids d1, d2, ... */
function corpus(titles: string[], text = (i: number) => `The body of document ${i + 1}.`): string {
  const file = path.join(root, `corpus-${++made}.jsonl`);
  const lines = titles.map((title, i) => JSON.stringify({ _id: `d${i + 1}`, title, text: text(i) }));
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const outDir = () => path.join(root, `set-${++made}`);
const generate = (...argv: string[]) => runCli(['gold', 'generate', ...argv]);
const chat = () => `qwen2.5:7b@${server.origin}`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The id a question gets: syn- and 12 hex digits of the SHA-256 of its normalised text (written out by hand below). */
const idOf = (normalized: string) => `syn-${sha256(normalized).slice(0, 12)}`;

function readSet(dir: string) {
  const queries = fs
    .readFileSync(path.join(dir, 'queries.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { _id: string; text: string; metadata: Record<string, unknown> });
  const qrels = fs
    .readFileSync(path.join(dir, 'qrels', 'test.tsv'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  return { queries, qrels };
}

describe('testbed gold generate', () => {
  it('writes the questions with their source, style, model, prompt hash and document, and the qrels', async () => {
    const file = corpus(['install on linux', 'change billing plan']);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--per-doc', '2', '--out', out);
    // Only what it is about to do and its progress on stderr.
    expect(r.err.split('\n').filter((l) => l !== '' && !l.startsWith('asking'))).toEqual([]);
    expect(r.err).toContain('asking [########################] 2/2 documents');
    expect(r.code).toBe(0);
    // Nothing failed: the checkpoint has done its job and is gone.
    expect(fs.readdirSync(out).sort()).toEqual(['qrels', 'queries.jsonl']);

    const unread = sha256(QUESTION_PROMPTS.unread);
    const meta = (doc: string) => ({
      source: 'synthetic',
      style: 'unread',
      model: 'qwen2.5:7b',
      prompt_sha256: unread,
      doc_id: doc,
    });
    const { queries, qrels } = readSet(out);
    expect(queries).toEqual([
      { _id: idOf('how do i install on linux'), text: 'how do I install on linux', metadata: meta('d1') },
      {
        _id: idOf('what else is in install on linux part 2'),
        text: 'what else is in install on linux, part 2',
        metadata: meta('d1'),
      },
      { _id: idOf('how do i change billing plan'), text: 'how do I change billing plan', metadata: meta('d2') },
      {
        _id: idOf('what else is in change billing plan part 2'),
        text: 'what else is in change billing plan, part 2',
        metadata: meta('d2'),
      },
    ]);
    // Each question's source document, grade 1.
    expect(qrels).toEqual([
      ['query-id', 'corpus-id', 'score'],
      ...queries.map((q) => [q._id, q.metadata.doc_id as string, '1']),
    ]);

    // One request per document, temperature 0, the default seed, the unread prompt filled in.
    expect(server.requests.map((q) => q.title).sort()).toEqual(['change billing plan', 'install on linux']);
    const sent = server.requestsFor('install on linux')[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body).toMatchObject({ model: 'qwen2.5:7b', temperature: 0, seed: 42 });
    const prompt = (sent.body.messages as { content: string }[])[0]!.content;
    expect(prompt).toContain('Write 2 question(s) that a person who has NOT read this document');
    expect(prompt).toContain('Title: install on linux\nDocument:\nThe body of document 1.');

    expect(r.out).toContain('documents: all 2, asked at POST ' + `${server.origin}/v1/chat/completions`);
    expect(r.out).toContain('questions: asked for 4, received 4, kept 4');
    expect(r.out).toContain('duplicates dropped: 0');
    expect(r.out).toContain('failed documents: none');
    expect(r.out).toContain(`queries: ${path.join(out, 'queries.jsonl')}`);
    expect(r.out).toContain(`qrels: ${path.join(out, 'qrels', 'test.tsv')}`);
    expect(r.out).toContain(`prompt sha256 (unread): ${unread}`);
  });

  it('--style plain sends the plain prompt and records its hash; the passage is the first 2000 characters', async () => {
    const long = 'word '.repeat(1000); // 5000 characters
    const file = corpus(['a long page'], () => long);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--style', 'plain', '--out', out);
    expect(r.code).toBe(0);
    const prompt = (server.requests[0]!.body.messages as { content: string }[])[0]!.content;
    expect(prompt.startsWith('Below is a passage')).toBe(true);
    const passage = prompt.slice(prompt.indexOf('Passage:\n') + 'Passage:\n'.length);
    // Cut at the last space before the limit: whole words, 399 of them and no trailing space.
    expect(passage).toBe(long.slice(0, MAX_PASSAGE_CHARS).trimEnd());
    expect(readSet(out).queries[0]!.metadata).toMatchObject({
      style: 'plain',
      prompt_sha256: sha256(QUESTION_PROMPTS.plain),
    });
    expect(r.out).toContain(`prompt sha256 (plain): ${sha256(QUESTION_PROMPTS.plain)}`);
  });

  it('drops questions that repeat a kept one, exactly once normalised or by word Jaccard >= 0.8, and counts them', async () => {
    const file = corpus([
      'reset my account password now',
      'Reset my  account password now!', // the same question once case, spaces and punctuation go
      'reset my account password now please', // 8 of 9 words shared: Jaccard 8/9
      'reset my password', // 6 of d1's 8 words: Jaccard 6/8 = 0.75, kept
    ]);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--out', out);
    expect(r.code).toBe(0);
    expect(readSet(out).queries.map((q) => q.metadata.doc_id)).toEqual(['d1', 'd4']);
    expect(r.out).toContain('questions: asked for 4, received 4, kept 2');
    expect(r.out).toContain('duplicates dropped: 2 (1 the same once normalised, 1 near: word Jaccard >= 0.8)');
  });

  it('--json: the same counts as one JSON document, the lines on stderr', async () => {
    const file = corpus(['reset my account password now', 'Reset my  account password now!', 'reset my password']);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    // 3 documents, one question asked of each; d2's repeats d1's once normalised
    expect(JSON.parse(r.out)).toMatchObject({
      queries: path.join(out, 'queries.jsonl'),
      qrels: path.join(out, 'qrels', 'test.tsv'),
      model: 'qwen2.5:7b',
      style: 'unread',
      prompt_sha256: sha256(QUESTION_PROMPTS.unread),
      corpus_docs: 3,
      sampled: 3,
      asked: 3,
      received: 3,
      kept: 2,
      duplicates: { exact: 1, near: 0 },
      failed: [],
      stopped: null,
    });
    expect(r.err).toContain('questions: asked for 3, received 3, kept 2');
  });

  it('samples --docs M documents with the seed: the same seed, the same documents', async () => {
    const titles = Array.from({ length: 20 }, (_, i) => `topic number ${i + 1}`);
    const file = corpus(titles);
    const docsOf = async (seed: string) => {
      const out = outDir();
      const r = await generate(file, '--chat', chat(), '--docs', '5', '--seed', seed, '--out', out);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`documents: 5 of 20 (seed ${seed})`);
      return readSet(out).queries.map((q) => q.metadata.doc_id as string);
    };
    const first = await docsOf('7');
    expect(first).toHaveLength(5);
    expect(new Set(first).size).toBe(5);
    // In corpus order.
    expect([...first].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(first);
    expect(await docsOf('7')).toEqual(first);
    const others = await Promise.all(['8', '9', '10'].map(docsOf));
    expect(others.some((o) => o.join() !== first.join())).toBe(true);
    // The seed is sent to the model too.
    expect(server.requests.every((q) => typeof q.body.seed === 'number')).toBe(true);
  });

  it('names and counts failed documents (500, timeout, malformed answers, empty answer), waits out a 429, writes the rest', async () => {
    const titles = [
      'install on linux',
      'ratelimit invoices',
      'fail500 billing',
      'slow export',
      'malformed upload',
      'badbody search',
      'empty profile',
      'chatty sharing',
    ];
    const file = corpus(titles);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--out', out);
    // Written, but the exit code says 5 documents failed, more than the default --max-failures 0.
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `5 documents failed, more than --max-failures 0: the questions obtained are written; the same command with --force asks only the failed ones again (${path.join(out, 'generate-checkpoint.jsonl')})`,
    );
    expect(readSet(out).queries.map((q) => q.text)).toEqual([
      'how do I install on linux',
      'how do I ratelimit invoices',
      'how do I chatty sharing',
    ]);
    expect(r.out).toContain('questions: asked for 8, received 3, kept 3');
    expect(r.out).toContain('failed documents: 5');
    const failures = r.out
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    const endpoint = `POST ${server.origin}/v1/chat/completions`;
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatch(
      new RegExp(`^d3: ${escapeRegExp(endpoint)} answered 500: .*overloaded.* \\(after 3 attempts\\)$`),
    );
    expect(failures[1]).toBe(`d4: ${endpoint}: no answer within ${CHAT_TIMEOUT_MS} ms (after 3 attempts)`);
    expect(failures[2]).toMatch(/^d5: the answer holds no JSON: "Sure! Here is a question/);
    expect(failures[3]).toMatch(new RegExp(`^d6: ${escapeRegExp(endpoint)} answered 200: the body is not JSON`));
    expect(failures[4]).toBe(
      `d7: ${endpoint} answered 200: the answer is empty (choices[0].message.content has no text)`,
    );

    // 500 and the timeout were retried (1 + 2 retries); the 429 was asked again after its Retry-After of 1 s.
    expect(server.requestsFor('fail500 billing')).toHaveLength(3);
    expect(server.requestsFor('slow export')).toHaveLength(3);
    const limited = server.requestsFor('ratelimit invoices');
    expect(limited).toHaveLength(2);
    expect(limited[1]!.at - limited[0]!.at).toBeGreaterThanOrEqual(950);
    expect(fs.readdirSync(path.dirname(out)).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('lists ten failed documents and counts the rest; --max-failures allows them', async () => {
    // 401s: failed requests, not unreadable answers, so the run does not stop.
    const file = corpus(['install on linux', ...Array.from({ length: 12 }, (_, i) => `denied ${i + 1}`)]);
    const r = await generate(file, '--chat', chat(), '--out', outDir(), '--max-failures', '12');
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('more than --max-failures');
    expect(r.out).toContain('failed documents: 12');
    expect(r.out.split('\n').filter((l) => /^ {2}d\d+: /.test(l))).toHaveLength(10);
    expect(r.out).toContain('  and 2 more');
  });

  it('writes nothing and exits 1 when no question is kept', async () => {
    // A 200 with an unreadable answer on the first document is a failed item, not the end of the run.
    const file = corpus(['malformed first', 'empty two']);
    const out = outDir();
    const r = await generate(file, '--chat', chat(), '--out', out);
    expect(r.code).toBe(1);
    expect(r.out).toContain('failed documents: 2');
    expect(r.err.endsWith(`no question kept, nothing written to ${out}\n`)).toBe(true);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('stops at the first document when the endpoint is unreachable or fails: nothing written, exit 2', async () => {
    const dead = await new FakeChatServer().start();
    const deadOrigin = dead.origin;
    await dead.close();
    const file = corpus(['install on linux', 'change billing plan']);
    const out = outDir();
    const r = await generate(file, '--chat', `qwen2.5:7b@${deadOrigin}`, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/request failed \(ECONNREFUSED\) \(after 3 attempts\)/);
    expect(r.err).toContain(`POST ${deadOrigin}/v1/chat/completions`);
    expect(fs.existsSync(out)).toBe(false);

    const failing = corpus(['fail500 first', 'install on linux']);
    const r500 = await generate(failing, '--chat', chat(), '--out', out);
    expect(r500.code).toBe(2);
    expect(r500.err).toContain('answered 500');
    expect(server.requestsFor('install on linux')).toEqual([]);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('sends the key named by --chat-key-env and never shows it: not in output, errors or files', async () => {
    const key = 'sk-test-9f8e7d6c5b4a';
    vi.stubEnv('TEST_CHAT_KEY', key);
    const file = corpus(['install on linux', 'fail500 billing']);
    const out = outDir();
    const r = await generate(
      file,
      '--chat',
      chat(),
      '--chat-key-env',
      'TEST_CHAT_KEY',
      '--out',
      out,
      '--max-failures',
      '1',
    );
    expect(r.code).toBe(0);
    expect(server.requests.every((q) => q.authorization === `Bearer ${key}`)).toBe(true);
    // The server's error body quoted the header: the key is cut out of the reason shown.
    expect(r.out).toContain('you sent Authorization: Bearer (secret)');
    const written = fs.readFileSync(path.join(out, 'queries.jsonl'), 'utf8');
    for (const text of [r.out, r.err, written]) expect(text).not.toContain(key);

    // Failing on the first document, the error that ends the run hides it too.
    const first = await generate(
      corpus(['fail500 first']),
      '--chat',
      chat(),
      '--chat-key-env',
      'TEST_CHAT_KEY',
      '--out',
      outDir(),
    );
    expect(first.code).toBe(2);
    expect(first.err).toContain('Bearer (secret)');
    expect(first.err + first.out).not.toContain(key);
  });

  it('does not send OPENAI_API_KEY to an endpoint other than api.openai.com unless --chat-key-env names it', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-openai-should-stay-home');
    const file = corpus(['install on linux']);
    expect((await generate(file, '--chat', chat(), '--out', outDir())).code).toBe(0);
    expect(server.requests[0]!.authorization).toBeUndefined();
    expect((await generate(file, '--chat', chat(), '--chat-key-env', 'OPENAI_API_KEY', '--out', outDir())).code).toBe(
      0,
    );
    expect(server.requests[1]!.authorization).toBe('Bearer sk-openai-should-stay-home');
  });

  it('leaves an existing query set alone without --force, and replaces it with --force', async () => {
    const file = corpus(['install on linux']);
    const out = outDir();
    expect((await generate(file, '--chat', chat(), '--out', out)).code).toBe(0);
    server.reset();
    const again = await generate(file, '--chat', chat(), '--style', 'plain', '--out', out);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exists; left it alone (use --force to replace it)');
    // Refused before paying for anything.
    expect(server.requests).toEqual([]);
    expect(readSet(out).queries[0]!.metadata.style).toBe('unread');
    expect((await generate(file, '--chat', chat(), '--style', 'plain', '--out', out, '--force')).code).toBe(0);
    expect(readSet(out).queries[0]!.metadata.style).toBe('plain');
  });

  it('keeps each answer as it arrives, and a run again asks only the documents it has no answer for', async () => {
    const file = corpus(['install on linux', 'change billing plan', 'fail500 export']);
    const out = outDir();
    const checkpoint = path.join(out, 'generate-checkpoint.jsonl');
    const first = await generate(file, '--chat', chat(), '--out', out);
    expect(first.code).toBe(1);
    // The two answers paid for are in the checkpoint, kept because a document failed.
    const kept = fs
      .readFileSync(checkpoint, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { doc_id: string; questions: string[]; model: string; per_doc: number });
    expect(kept.map((k) => k.doc_id).sort()).toEqual(['d1', 'd2']);
    expect(kept.find((k) => k.doc_id === 'd1')).toMatchObject({
      questions: ['how do I install on linux'],
      model: 'qwen2.5:7b',
      per_doc: 1,
    });

    server.reset();
    const again = await generate(file, '--chat', chat(), '--out', out, '--force', '--max-failures', '1');
    expect(again.code).toBe(0);
    // Only the failed document was asked again (1 + 2 retries); d1 and d2 came from the checkpoint.
    expect(server.requests.map((q) => q.title)).toEqual(['fail500 export', 'fail500 export', 'fail500 export']);
    expect(again.err).toContain(`resuming: 2 documents already answered in ${checkpoint}`);
    expect(again.out).toContain('resumed: 2 documents answered by an earlier run (the checkpoint), not asked again');
    expect(readSet(out).queries.map((q) => q.text)).toEqual([
      'how do I install on linux',
      'how do I change billing plan',
    ]);

    // Other options do not resume from it: the file and line are named, nothing is asked.
    server.reset();
    const other = await generate(file, '--chat', chat(), '--out', out, '--force', '--per-doc', '2');
    expect(other.code).toBe(2);
    expect(other.err).toContain(`${checkpoint}:1`);
    expect(other.err).toContain('answers to another request (per_doc 1, now 2)');
    expect(server.requests).toEqual([]);
  });

  it('stops after five unreadable answers in a row; the documents not asked are failed as not asked', async () => {
    vi.stubEnv('TESTBED_CHAT_CONCURRENCY', '1');
    const file = corpus(['install on linux', ...Array.from({ length: 8 }, (_, i) => `malformed ${i + 1}`)]);
    const r = await generate(file, '--chat', chat(), '--out', outDir(), '--max-failures', '100');
    // One at a time: the first document, then five unreadable answers, then nothing more.
    expect(server.requests).toHaveLength(1 + 5);
    expect(r.out).toContain('failed documents: 8');
    expect(r.out.split('\n').filter((l) => l.includes(': not asked: stopped after 5 unreadable answers'))).toHaveLength(
      3,
    );
    expect(r.out).toContain('  stopped after 5 unreadable answers in a row: check the model and the prompt');
    // It said what it would do before the first request, naming the chat settings.
    expect(r.err).toContain(
      `asking about 9 documents; the first request goes alone, ${CHAT_TIMEOUT_MS} ms an attempt and 2 retries (TESTBED_CHAT_TIMEOUT_MS, TESTBED_CHAT_RETRIES)`,
    );
  });

  it.each([
    [['CORPUS', '--out', 'x'], /missing --chat MODEL@URL/],
    [['CORPUS', '--chat', 'qwen@http://127.0.0.1:1'], /missing --out DIR/],
    [['CORPUS', '--chat', 'qwen', '--out', 'x'], /--chat needs a model and a URL: MODEL@URL/],
    [['CORPUS', '--chat', 'm@http://u:p@127.0.0.1:1', '--out', 'x'], /must not hold credentials/],
    [
      ['CORPUS', '--chat', 'm@http://127.0.0.1:1', '--out', 'x', '--style', 'fancy'],
      /--style must be one of unread, plain/,
    ],
    [
      ['CORPUS', '--chat', 'm@http://127.0.0.1:1', '--out', 'x', '--per-doc', '0'],
      /--per-doc must be an integer from 1 to 50/,
    ],
    [
      ['CORPUS', '--chat', 'm@http://127.0.0.1:1', '--out', 'x', '--chat-key-env', 'sk-123'],
      /must be the name of the environment variable/,
    ],
    [
      ['CORPUS', '--chat', 'm@http://127.0.0.1:1', '--out', 'x', '--chat-key-env', 'NOT_SET_ANYWHERE'],
      /names NOT_SET_ANYWHERE, which is not set/,
    ],
  ])('refuses %j before calling anything', async (argv, message) => {
    const r = await generate(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(server.requests).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
