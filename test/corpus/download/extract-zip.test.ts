import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractZip } from '../../../src/corpus/download/extract-zip.js';
import { InputError } from '../../../src/errors.js';
import { tmpDir } from '../../helpers/tmp.js';
import { listTree, makeZip } from './helpers.js';

const base = tmpDir('testbed-unzip-');
const fresh = (): string => fs.mkdtempSync(path.join(base, 'x-'));

function writeZip(bytes: Uint8Array): string {
  const file = path.join(fresh(), 'a.zip');
  fs.writeFileSync(file, bytes);
  return file;
}

// Built the way streaming tools do it: sizes unknown up front, so each entry ends in a data descriptor.
function streamedZip(entries: Record<string, Uint8Array>): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  for (const [name, data] of Object.entries(entries)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
  }
  zip.end();
  return Buffer.concat(parts);
}

describe('extractZip', () => {
  it('inflates deflated entries larger than one read step, byte for byte', async () => {
    // Random bytes do not compress, so the archive spans several 1 MiB reads.
    const noise = randomBytes(1_500_000);
    const text = strToU8('{"_id":"d1","text":"the same line again"}\n'.repeat(20_000));
    const zip = makeZip({ 'set/noise.bin': noise, 'set/corpus.jsonl': text, 'set/qrels/': new Uint8Array(0) }, 6);
    expect(zip.length).toBeGreaterThan(1 << 20);
    const out = fresh();
    expect(await extractZip(writeZip(zip), out)).toBe(2);
    expect(listTree(out)).toEqual(['set', 'set/corpus.jsonl', 'set/noise.bin', 'set/qrels']);
    expect(fs.readFileSync(path.join(out, 'set', 'noise.bin')).equals(noise)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'set', 'corpus.jsonl')).equals(Buffer.from(text))).toBe(true);
  });

  it('handles entries that end in a data descriptor (zips written by streaming tools)', async () => {
    const a = strToU8('first file\n'.repeat(1000));
    const b = randomBytes(70_000);
    const out = fresh();
    expect(await extractZip(writeZip(streamedZip({ 'd/a.txt': a, 'd/b.bin': b })), out)).toBe(2);
    expect(fs.readFileSync(path.join(out, 'd', 'a.txt')).equals(Buffer.from(a))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'd', 'b.bin')).equals(b)).toBe(true);
  });

  it('stops at the first escaping entry, before writing it', async () => {
    const zip = makeZip({ 'ok.txt': strToU8('fine'), 'sub/../../up.txt': strToU8('no') });
    const out = fresh();
    await expect(extractZip(writeZip(zip), out)).rejects.toThrow(/refusing zip entry "sub\/\.\.\/\.\.\/up\.txt"/);
    expect(fs.existsSync(path.join(out, '..', 'up.txt'))).toBe(false);
  });

  it('a file that is not a zip (an HTML error page, say) is refused clearly', async () => {
    const file = writeZip(strToU8('<html><body>Service unavailable</body></html>'));
    const run = extractZip(file, fresh());
    await expect(run).rejects.toThrow(InputError);
    await expect(run).rejects.toThrow(`${file}: not a zip archive, or one with no files in it`);
  });

  it('a truncated zip is refused, not half-extracted silently', async () => {
    const zip = makeZip({ 'big.bin': randomBytes(50_000) }, 6);
    const file = writeZip(zip.subarray(0, 20_000));
    const run = extractZip(file, fresh());
    await expect(run).rejects.toThrow(InputError);
    await expect(run).rejects.toThrow(`${file}: not a readable zip (invalid zip data; truncated or damaged?)`);
  });
});
