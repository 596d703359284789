import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { corpusCommand } from '../../src/cli/commands/corpus-command.js';
import { BEIR_NAMES } from '../../src/corpus/download/datasets.js';
import { InputError, UnavailableError } from '../../src/errors.js';
import {
  closedPortUrl,
  dropsFirst,
  makeZip,
  md5,
  rangeServer,
  serve,
  tinyBeirEntries,
  type TestServer,
} from '../corpus/download/helpers.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

const base = tmpDir('testbed-corpus-cli-');
const fresh = (): string => fs.mkdtempSync(path.join(base, 'c-'));
const ZIP = makeZip(tinyBeirEntries('tiny/'), 6);
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const corpus = (...argv: string[]) => runCli(argv, corpusCommand.run);

describe('testbed corpus', () => {
  it('--help documents both subcommands and every option', async () => {
    const r = await corpus('--help');
    expect(r.code).toBe(0);
    expect(r.out.startsWith('Usage: testbed corpus list')).toBe(true);
    expect(corpusCommand.usage.startsWith('Usage: testbed corpus')).toBe(true);
    for (const option of [
      '--dir DIR',
      '--shared DIR',
      '--url URL',
      '--md5 HEX',
      '--force',
      '--timeout S',
      '-h, --help',
      'list',
      'download NAME',
    ]) {
      expect(r.out).toContain(option);
    }
    expect((await corpus('download', '--help')).out).toBe(r.out);
  });

  it('list prints every dataset with counts, size, and what is here, partial or in the shared folder', async () => {
    const dir = fresh();
    const shared = fresh();
    fs.cpSync(TINY_BEIR, path.join(dir, 'scifact'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'fiqa')); // an empty folder is not "present"
    fs.mkdirSync(path.join(dir, '.downloads'));
    fs.writeFileSync(path.join(dir, '.downloads', 'nq.zip.part'), Buffer.alloc(1500));
    fs.cpSync(TINY_BEIR, path.join(shared, 'arguana'), { recursive: true });

    const r = await corpus('list', '--dir', dir, '--shared', shared);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^name +docs +queries +split +zip +present +shared$/);
    const rows = new Map(lines.slice(1, 1 + BEIR_NAMES.length).map((l) => [l.split(/\s+/)[0], l.split(/\s{2,}/)]));
    expect([...rows.keys()]).toEqual(BEIR_NAMES);
    expect(rows.get('scifact')).toEqual(['scifact', '5,183', '300', 'test', '2.8 MB', 'yes', '-']);
    expect(rows.get('msmarco')).toEqual(['msmarco', '8,841,823', '6,980', 'dev', '1.1 GB', '-', '-']);
    expect(rows.get('nq')).toEqual(['nq', '2,681,468', '3,452', 'test', '498 MB', 'partial 1.5 kB', '-']);
    expect(rows.get('fiqa')?.[5]).toBe('-');
    expect(rows.get('arguana')?.slice(5)).toEqual(['-', 'yes']);
    expect(r.out).toContain(`Download one with: testbed corpus download NAME --dir ${dir}`);
    expect(r.out).toContain(
      `shared: ${shared} already holds a copy of arguana; copy it instead of downloading: cp -r ${shared}/NAME ${dir}/NAME`,
    );

    // --json: the same facts as data on stdout, one object per dataset in registry order.
    const json = JSON.parse((await corpus('list', '--dir', dir, '--shared', shared, '--json')).out);
    expect(json.map((d: { name: string }) => d.name)).toEqual(BEIR_NAMES);
    expect(json.find((d: { name: string }) => d.name === 'scifact')).toEqual({
      name: 'scifact',
      docs: 5183,
      queries: 300,
      bytes: 2816079,
      split: 'test',
      present: true,
      partial_bytes: 0,
      shared: false,
    });
    expect(json.find((d: { name: string }) => d.name === 'nq').partial_bytes).toBe(1500);
    expect(json.find((d: { name: string }) => d.name === 'arguana').shared).toBe(true);

    const none = await corpus('list', '--dir', dir, '--shared', path.join(base, 'nowhere'));
    expect(none.out).toContain(
      `shared: ${path.join(base, 'nowhere')} holds copies of some sets on some machines; none were found here.`,
    );
  });

  it('download: progress on stderr, then a summary; a second run leaves the folder alone', async () => {
    const server = await serve(rangeServer(ZIP));
    servers.push(server);
    const dir = fresh();
    const r = await corpus('download', 'tiny', '--dir', dir, '--url', server.url, '--md5', md5(ZIP));
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^downloading \[\.+\] 0 B \/ \d\.\d kB .*ETA/m);
    expect(r.err).toMatch(/^downloading \[#{24}\] (\d\.\d kB) \/ \1 /m);
    expect(r.err).toContain(
      `wrote ${path.join(dir, 'tiny')}: 3 files from ${(ZIP.length / 1000).toFixed(1)} kB zip (md5 ${md5(ZIP)} checked)\n`,
    );
    expect(fs.readFileSync(path.join(dir, 'tiny', 'queries.jsonl'), 'utf8')).toBe(
      fs.readFileSync(path.join(TINY_BEIR, 'queries.jsonl'), 'utf8'),
    );

    const again = await corpus('download', 'tiny', '--dir', dir, '--url', server.url);
    expect(again.code).toBe(0);
    expect(again.err).toBe(
      `${path.join(dir, 'tiny')} is already here; left it alone (use --force to download it again)\n`,
    );
    expect(server.requests).toHaveLength(1);

    const forced = await corpus('download', 'tiny', '--dir', dir, '--url', server.url, '--force');
    expect(forced.code).toBe(0);
    expect(forced.err).toContain('(not checked: no expected md5; pass --md5)');
    expect(server.requests).toHaveLength(2);
  });

  it('download resumes after a dropped connection and says so', async () => {
    const server = await serve(dropsFirst(ZIP, 600));
    servers.push(server);
    const dir = fresh();
    await expect(corpus('download', 'tiny', '--dir', dir, '--url', server.url, '--md5', md5(ZIP))).rejects.toThrow(
      /run the same command again to resume/,
    );
    const r = await corpus('download', 'tiny', '--dir', dir, '--url', server.url, '--md5', md5(ZIP));
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.range)).toEqual([undefined, 'bytes=600-']);
    expect(r.err).toContain(`resuming ${path.join(dir, '.downloads', 'tiny.zip.part')} from 600 B\n`);
    expect(r.err).toMatch(/md5 [0-9a-f]{32} checked, resumed from 600 B\)\n$/);
  });

  it('offline: UnavailableError with the manual route and the shared folder', async () => {
    const url = await closedPortUrl();
    const dir = fresh();
    const run = corpus('download', 'scifact', '--dir', dir, '--url', url, '--shared', path.join(base, 'shared-none'));
    await expect(run).rejects.toThrow(UnavailableError);
    await expect(run).rejects.toThrow(
      new RegExp(
        `cannot reach ${url} \\(ECONNREFUSED.*md5 5f7d1de60b170fc8027bb7898e2efca1.*copy any BEIR folder .* to ${path.join(dir, 'scifact')}\\. .*shared-none may hold a copy`,
      ),
    );
  });

  it('bad input is an InputError naming the bad value', async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing subcommand \(list or download\)/],
      [['fetch'], /unknown subcommand "fetch"/],
      [['download'], /missing NAME/],
      [['download', 'tiny', 'extra', '--url', 'http://127.0.0.1:1/x'], /unexpected argument "extra"/],
      [['download', 'beir-everything'], /unknown dataset "beir-everything": expected one of scifact, /],
      [['download', 'tiny', '--url', 'http://127.0.0.1:1/x', '--md5', 'xyz'], /--md5 must be 32 hex digits, got "xyz"/],
      [['download', 'scifact', '--timeout', '0'], /--timeout must be an integer from 1 to 3600, got "0"/],
      [['list', 'scifact'], /unexpected argument "scifact"/],
      [['list', '--force'], /unknown option "--force"/],
    ];
    for (const [argv, message] of cases) {
      const run = corpus(...argv);
      await expect(run, argv.join(' ')).rejects.toThrow(InputError);
      await expect(run, argv.join(' ')).rejects.toThrow(message);
    }
  });
});
