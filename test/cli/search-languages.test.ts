import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/search/types.js';
import { tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';

// Every document holds "Linux", so only the filter decides which languages come back.
const docs = [
  { _id: 'de-install', text: 'Installieren Sie das Paket unter Linux.', metadata: { language: 'de' } },
  { _id: 'de-memory', text: 'Linux braucht zwei Gigabyte Arbeitsspeicher.', metadata: { language: 'de' } },
  { _id: 'en-install', text: 'Installing the package on Linux.', metadata: { language: 'en' } },
  { _id: 'fr-install', text: 'Installer le paquet sous Linux.', metadata: { language: 'fr' } },
];

const run = (...argv: string[]) => runCli(argv);

describe('testbed search --lang / --qlang', () => {
  const dir = tmpDir('cli-languages-');
  const index = path.join(dir, 'langs.sqlite');
  beforeAll(async () => {
    const corpus = path.join(dir, 'corpus.jsonl');
    writeJsonl(corpus, docs);
    const built = await run(
      'index',
      corpus,
      '--out',
      index,
      '--chunker',
      'doc',
      '--embedder',
      'none',
      '--tokenizer',
      'multilingual',
    );
    expect(built.code, built.err).toBe(0);
  });
  const ids = async (...flags: string[]) => {
    const r = await run('search', index, ...flags, '--level', 'doc', '--json');
    expect(r.code, r.err).toBe(0);
    return (JSON.parse(r.out) as SearchResponse).hits.map((h) => h.id).sort();
  };

  it('--lang keeps only that language', async () => {
    expect(await ids('Linux')).toEqual(['de-install', 'de-memory', 'en-install', 'fr-install']);
    expect(await ids('Linux', '--lang', 'de')).toEqual(['de-install', 'de-memory']);
    expect(await ids('Linux', '--lang', 'FR')).toEqual(['fr-install']);
  });

  it('--qlang picks the stemmer the query is analysed with', async () => {
    // German Snowball: installiere -> installi, as Installieren was indexed.
    expect(await ids('installiere', '--qlang', 'de')).toEqual(['de-install']);
    expect(await ids('installiere', '--qlang', 'en')).toEqual([]);
  });

  it('a value that is no language code stops with a clear message, exit code 2', async () => {
    for (const [flag, value] of [
      ['--lang', 'german'],
      ['--qlang', 'de_DE'],
    ]) {
      const r = await run('search', index, 'Linux', flag!, value!);
      expect(r.code, `${flag} ${value}`).toBe(2);
      expect(r.err).toBe(`testbed search: ${flag} must be a language code such as de or zh, got "${value}"\n`);
    }
  });
});
