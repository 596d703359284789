import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { beirPaths, openCorpus } from '../../../src/corpus/index.js';
import { downloadCorpus, type DownloadCorpusOptions } from '../../../src/corpus/download/download-corpus.js';
import type { FetchProgress } from '../../../src/corpus/download/fetch-to-file.js';
import { ConflictError, InputError, NotFoundError, UnavailableError } from '../../../src/errors.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';
import {
  closedPortUrl,
  dropsFirst,
  ignoresRange,
  listTree,
  makeZip,
  md5,
  rangeServer,
  serversClosedAfterEach,
  tinyBeirEntries,
} from './helpers.js';

const base = tmpDir('testbed-download-');
const fresh = (): string => fs.mkdtempSync(path.join(base, 'corpora-'));
const start = serversClosedAfterEach();

const NESTED = makeZip(tinyBeirEntries('tiny/'));
const FLAT = makeZip(tinyBeirEntries(''));
const fixture = (rel: string): string => fs.readFileSync(path.join(TINY_BEIR, rel), 'utf8');

function download(o: Partial<DownloadCorpusOptions> & { dir: string }) {
  const notices: string[] = [];
  const progress: FetchProgress[] = [];
  const run = downloadCorpus({
    name: 'tiny',
    onNotice: (m) => notices.push(m),
    onProgress: (p) => progress.push({ ...p }),
    timeoutMs: 5000,
    ...o,
  });
  return { run, notices, progress };
}

/** The corpora folder holds the dataset and an empty .downloads: no zip, part or scratch left. */
function expectClean(dir: string, name = 'tiny'): void {
  const top = fs.readdirSync(dir).sort();
  expect(top).toEqual(['.downloads', name]);
  expect(fs.readdirSync(path.join(dir, '.downloads'))).toEqual([]);
}

describe('downloadCorpus', () => {
  it('downloads, checks the md5, and unzips a BEIR zip (top-level folder) into DIR/NAME', async () => {
    const server = await start(rangeServer(NESTED));
    const dir = fresh();
    const { run, progress } = download({ dir, url: server.url, md5: md5(NESTED).toUpperCase() });
    const result = await run;

    const target = path.join(dir, 'tiny');
    expect(result).toEqual({
      status: 'downloaded',
      path: target,
      url: server.url,
      bytes: NESTED.length,
      md5: md5(NESTED),
      checked: true,
      resumedFrom: 0,
      files: 3,
    });
    expect(server.requests).toEqual([{ path: '/data.zip', range: undefined }]);
    expect(progress.at(-1)).toEqual({ done: NESTED.length, total: NESTED.length, resumedFrom: 0 });
    // Unwrapped from tiny/, byte-for-byte, and usable by the rest of the testbed.
    expect(listTree(target)).toEqual(['corpus.jsonl', 'qrels', 'qrels/test.tsv', 'queries.jsonl']);
    for (const f of ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv'])
      expect(fs.readFileSync(path.join(target, f), 'utf8')).toBe(fixture(f));
    expect((await openCorpus(target)).kind).toBe('beir');
    await expect(beirPaths(target)).resolves.toMatchObject({ corpus: path.join(target, 'corpus.jsonl') });
    expectClean(dir);
  });

  it('accepts a flat zip (files at the top) the same way', async () => {
    const server = await start(rangeServer(FLAT));
    const dir = fresh();
    const result = await download({ dir, url: server.url, md5: md5(FLAT) }).run;
    expect(result.status).toBe('downloaded');
    expect(listTree(path.join(dir, 'tiny'))).toEqual(['corpus.jsonl', 'qrels', 'qrels/test.tsv', 'queries.jsonl']);
    expect(fs.readFileSync(path.join(dir, 'tiny', 'corpus.jsonl'), 'utf8')).toBe(fixture('corpus.jsonl'));
    expectClean(dir);
  });

  it('resumes an interrupted download with a Range request from the .part size', async () => {
    const cut = 1000;
    const server = await start(dropsFirst(NESTED, cut));
    const dir = fresh();
    const part = path.join(dir, '.downloads', 'tiny.zip.part');

    const first = download({ dir, url: server.url, md5: md5(NESTED) }).run;
    await expect(first).rejects.toThrow(UnavailableError);
    await expect(first).rejects.toThrow(
      /stopped after 1\.0 kB .*kept in .*tiny\.zip\.part: run the same command again to resume/,
    );
    expect(fs.statSync(part).size).toBe(cut);
    expect(fs.existsSync(path.join(dir, 'tiny'))).toBe(false);

    const second = download({ dir, url: server.url, md5: md5(NESTED) });
    const result = await second.run;
    expect(server.requests.map((r) => r.range)).toEqual([undefined, `bytes=${cut}-`]);
    expect(second.notices[0]).toBe(`resuming ${part} from 1.0 kB`);
    expect(second.progress[0]).toEqual({ done: cut, total: NESTED.length, resumedFrom: cut });
    expect(result).toMatchObject({ status: 'downloaded', md5: md5(NESTED), resumedFrom: cut, bytes: NESTED.length });
    expect(fs.readFileSync(path.join(dir, 'tiny', 'corpus.jsonl'), 'utf8')).toBe(fixture('corpus.jsonl'));
    expectClean(dir);
  });

  it('starts over when the server ignores Range and answers 200', async () => {
    const server = await start(ignoresRange(NESTED));
    const dir = fresh();
    fs.mkdirSync(path.join(dir, '.downloads'));
    // Bytes that are NOT a prefix of the zip: appending the 200 body to them would break the md5.
    fs.writeFileSync(path.join(dir, '.downloads', 'tiny.zip.part'), Buffer.alloc(700, 7));

    const { run, notices } = download({ dir, url: server.url, md5: md5(NESTED) });
    const result = await run;
    expect(server.requests.map((r) => r.range)).toEqual(['bytes=700-']);
    expect(notices).toContain(
      'the server does not resume downloads (it answered 200 to a range request): starting over',
    );
    expect(result).toMatchObject({ status: 'downloaded', md5: md5(NESTED), resumedFrom: 0, bytes: NESTED.length });
    expectClean(dir);
  });

  it('a checksum mismatch deletes the file and names both checksums; a mirror of a BEIR name is checked against the published md5', async () => {
    const server = await start(rangeServer(NESTED));
    const dir = fresh();
    // No --md5: "scifact" carries BEIR's published checksum, which this zip does not have.
    const run = download({ dir, name: 'scifact', url: server.url }).run;
    await expect(run).rejects.toThrow(UnavailableError);
    await expect(run).rejects.toThrow(
      new RegExp(
        `checksum mismatch: expected md5 5f7d1de60b170fc8027bb7898e2efca1, got ${md5(NESTED)}; deleted the bad file .*scifact\\.zip\\.part`,
      ),
    );
    expect(listTree(dir)).toEqual(['.downloads']);
  });

  it('refuses a zip with a ../ entry and extracts nothing', async () => {
    const evil = makeZip({ ...tinyBeirEntries('tiny/'), '../evil.txt': new TextEncoder().encode('owned') });
    const server = await start(rangeServer(evil));
    const dir = fresh();
    const run = download({ dir, url: server.url, md5: md5(evil) }).run;
    await expect(run).rejects.toThrow(InputError);
    await expect(run).rejects.toThrow(
      /refusing zip entry "\.\.\/evil\.txt": a "\.\." segment would land outside the target folder/,
    );
    // No target, no scratch folder, nothing written beside or above the corpora folder.
    expect(listTree(dir)).toEqual(['.downloads', '.downloads/tiny.zip']);
    expect(fs.existsSync(path.join(base, 'evil.txt'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(base), 'evil.txt'))).toBe(false);
  });

  it('refuses an absolute entry path the same way', async () => {
    const evil = makeZip({ '/tmp/abs-evil.txt': new TextEncoder().encode('owned'), ...tinyBeirEntries('') });
    const server = await start(rangeServer(evil));
    const dir = fresh();
    await expect(download({ dir, url: server.url }).run).rejects.toThrow(
      /refusing zip entry "\/tmp\/abs-evil\.txt": an absolute path/,
    );
    expect(fs.existsSync(path.join(dir, 'tiny'))).toBe(false);
    expect(fs.existsSync('/tmp/abs-evil.txt')).toBe(false);
  });

  it('an archive that is not BEIR is refused; the zip is kept and reused by the next run', async () => {
    const other = makeZip({ 'notes/readme.txt': new TextEncoder().encode('hello') });
    const server = await start(rangeServer(other));
    const dir = fresh();
    const run = download({ dir, url: server.url }).run;
    await expect(run).rejects.toThrow(
      /is not a BEIR dataset: the archive has no corpus\.jsonl, queries\.jsonl, qrels\/\*\.tsv \(the download is kept at .*tiny\.zip: delete it to fetch afresh\)/,
    );
    expect(listTree(dir)).toEqual(['.downloads', '.downloads/tiny.zip']);

    const again = download({ dir, url: server.url });
    await expect(again.run).rejects.toThrow(/not a BEIR dataset/);
    expect(again.notices[0]).toMatch(/^using the earlier download .*tiny\.zip$/);
    expect(server.requests).toHaveLength(1);
  });

  it('offline: a closed port gives UnavailableError saying how to add the files by hand', async () => {
    const dir = fresh();
    const shared = fresh();
    const url = await closedPortUrl();
    const run = download({ dir, url, md5: md5(NESTED), sharedDir: shared }).run;
    await expect(run).rejects.toThrow(UnavailableError);
    const message = await run.catch((err: Error) => err.message);
    const target = path.join(dir, 'tiny');
    expect(message).toContain(`cannot reach ${url} (ECONNREFUSED: the connection was refused).`);
    expect(message).toContain(
      `fetch ${url} (md5 ${md5(NESTED)}) on a machine that can and unzip it so that ${target}/corpus.jsonl exists`,
    );
    expect(message).toContain(`or copy any BEIR folder (corpus.jsonl, queries.jsonl, qrels/) to ${target}.`);
    expect(message).toContain(`${shared} may hold a copy of some BEIR sets (none for tiny on this machine).`);
    expect(fs.readdirSync(dir)).toEqual([]);

    // With a ready-made copy in the shared folder, the hint gives the exact copy command.
    fs.cpSync(TINY_BEIR, path.join(shared, 'tiny'), { recursive: true });
    await expect(download({ dir, url, sharedDir: shared }).run).rejects.toThrow(
      `A copy is already in ${shared}: cp -r ${path.join(shared, 'tiny')} ${target}`,
    );
  });

  it('a server that never answers times out as unavailable', async () => {
    const server = await start(() => {
      /* never answers */
    });
    const dir = fresh();
    await expect(download({ dir, url: server.url, timeoutMs: 150 }).run).rejects.toThrow(
      /cannot reach .* \(ETIMEDOUT: no answer in time\)/,
    );
  });

  it('a 404 is NotFoundError naming the address', async () => {
    const server = await start((_req, res) => {
      res.writeHead(404);
      res.end('no');
    });
    const dir = fresh();
    const run = download({ dir, url: server.url }).run;
    await expect(run).rejects.toThrow(NotFoundError);
    await expect(run).rejects.toThrow(`${server.url}: the server answered 404 Not Found`);
  });

  it('an existing target is left alone (no request) unless force, which replaces it', async () => {
    const server = await start(rangeServer(NESTED));
    const dir = fresh();
    const target = path.join(dir, 'tiny');
    fs.cpSync(TINY_BEIR, target, { recursive: true });
    fs.writeFileSync(path.join(target, 'mine.txt'), 'keep me');

    expect(await download({ dir, url: server.url }).run).toEqual({ status: 'present', path: target });
    expect(server.requests).toHaveLength(0);
    expect(fs.readFileSync(path.join(target, 'mine.txt'), 'utf8')).toBe('keep me');

    const forced = await download({ dir, url: server.url, md5: md5(NESTED), force: true }).run;
    expect(forced.status).toBe('downloaded');
    expect(server.requests).toHaveLength(1);
    expect(fs.existsSync(path.join(target, 'mine.txt'))).toBe(false);
    expect(listTree(target)).toEqual(['corpus.jsonl', 'qrels', 'qrels/test.tsv', 'queries.jsonl']);
    expectClean(dir);
  });

  it('an existing but incomplete target is a conflict, not silently accepted', async () => {
    const server = await start(rangeServer(NESTED));
    const dir = fresh();
    fs.mkdirSync(path.join(dir, 'tiny'));
    fs.writeFileSync(path.join(dir, 'tiny', 'corpus.jsonl'), '');
    const run = download({ dir, url: server.url }).run;
    await expect(run).rejects.toThrow(ConflictError);
    await expect(run).rejects.toThrow(
      /exists but is not a complete BEIR folder \(no queries\.jsonl, qrels\/\*\.tsv\); left it alone: use --force/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('validates the name, --md5 and --url before touching the network', async () => {
    const dir = fresh();
    await expect(download({ dir, name: 'nope' }).run).rejects.toThrow(
      /unknown dataset "nope": expected one of scifact, nfcorpus, .*msmarco.*, or give --url/,
    );
    await expect(download({ dir, name: '../up', url: 'http://127.0.0.1:1/x.zip' }).run).rejects.toThrow(
      /dataset name .* got "\.\.\/up"/,
    );
    await expect(download({ dir, url: 'http://127.0.0.1:1/x.zip', md5: 'abc' }).run).rejects.toThrow(
      '--md5 must be 32 hex digits, got "abc"',
    );
    await expect(download({ dir, url: 'ftp://example.org/x.zip' }).run).rejects.toThrow(
      '--url must be an http:// or https:// address, got "ftp://example.org/x.zip"',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
