import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTokenizer, registerTokenizer, tokenizerNames } from '../../src/store/tokenizers.js';
import { TOKENIZER_TABLE } from '../../src/store/tokenizer-table.js';
import { asciiTokenizer } from '../fixtures/registry/ascii-tokenizer.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('registered-tokenizer-');

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});

describe('a tokenizer registered with one call', () => {
  it('is taken by --tokenizer and listed by testbed index --help, and gone once unregistered', async () => {
    const before = (await runCli(['index', '--help'])).out;
    expect(() => parseTokenizer('ascii')).toThrow(/unknown tokenizer "ascii"; expected auto or one of unicode61, /);
    unregister = registerTokenizer(asciiTokenizer);
    expect(parseTokenizer('ascii')).toBe('ascii');
    const names = [...TOKENIZER_TABLE.map((t) => t.name), 'ascii'];
    expect((await runCli(['index', '--help'])).out).toContain(`--tokenizer T       auto | ${names.join(' | ')}\n`);
    unregister();
    unregister = undefined;
    expect((await runCli(['index', '--help'])).out).toBe(before);
    expect(tokenizerNames()).toEqual(TOKENIZER_TABLE.map((t) => t.name));
  });

  it('builds an index whose FTS5 table tokenizes with its row, and the index is searched with it', async () => {
    unregister = registerTokenizer(asciiTokenizer);
    const index = path.join(dir, 'ascii.sqlite');
    const built = await runCli(['index', TINY_BEIR, '--out', index, '--embedder', 'hash:64', '--tokenizer', 'ascii']);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toMatch(/, tokenizer ascii\b/);
    const db = new Database(index, { readonly: true });
    const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunks_fts'").get() as { sql: string }).sql;
    db.close();
    expect(sql).toContain("tokenize='ascii'");
    const found = await runCli(['search', index, 'E1042', '--k', '1', '--level', 'doc', '--json']);
    expect(found.code, found.err).toBe(0);
    expect((JSON.parse(found.out) as { hits: { id: string }[] }).hits.map((h) => h.id)).toEqual(['error-e1042']);
  });

  it('is refused when its name is taken or is auto', () => {
    expect(() => registerTokenizer({ ...asciiTokenizer, name: 'porter' })).toThrow(/already named "porter"/);
    expect(() => registerTokenizer({ ...asciiTokenizer, name: 'auto' })).toThrow(/not a tokenizer/);
  });
});
