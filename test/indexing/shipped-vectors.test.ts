import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../src/embedders/embedding-cache.js';
import { InputError } from '../../src/errors.js';
import {
  dequantise,
  listShippedVectors,
  quantise,
  readShippedVectors,
  shippedVectorsName,
  writeShippedVectors,
} from '../../src/indexing/shipped-vectors.js';
import { tmpDir } from '../helpers/tmp.js';

const MODEL = { id: 'hash:4', dims: 4, maxTokens: 512 };

describe('int8 quantisation with one scale per vector', () => {
  it('maps the largest component to ±127 and the others in proportion', () => {
    const v = Float32Array.from([0.6, -0.8, 0, 0]);
    const { scale, codes } = quantise(v);
    expect(scale).toBeCloseTo(0.8 / 127, 9);
    // 0.6 / (0.8 / 127) = 95.25, rounded.
    expect([...codes]).toEqual([95, -127, 0, 0]);
  });

  it('dequantises to unit length: codes × scale, renormalised', () => {
    const out = dequantise(Int8Array.from([95, -127, 0, 0]), 0.8 / 127);
    const norm = Math.hypot(95, 127);
    expect(out[0]).toBeCloseTo(95 / norm, 6);
    expect(out[1]).toBeCloseTo(-127 / norm, 6);
    expect(Math.hypot(...out)).toBeCloseTo(1, 6);
  });

  it('keeps a zero vector zero', () => {
    const { scale, codes } = quantise(new Float32Array(3));
    expect(scale).toBe(0);
    expect([...dequantise(codes, scale)]).toEqual([0, 0, 0]);
  });
});

describe('shipped vector files', () => {
  const entries = [
    { text: 'first chunk', vector: Float32Array.from([1, 0, 0, 0]), truncated: false },
    { text: 'second chunk', vector: Float32Array.from([0, 0.6, 0.8, 0]), truncated: true },
  ].map((e) => ({ ...e, key: cacheKey('passage', e.text) }));

  it('reads back what was written, by the key of each text', () => {
    const folder = path.join(tmpDir('shipped-'), 'vectors');
    const file = writeShippedVectors(folder, MODEL, 'structure:40', entries);
    expect(path.basename(file)).toBe(`${shippedVectorsName('hash:4', 'structure:40')}.json`);
    expect(shippedVectorsName('hash:4', 'structure:40')).toBe('hash-4.structure-40');
    const shipped = readShippedVectors(file);
    expect(shipped.header).toMatchObject({ model: MODEL, chunker: 'structure:40', count: 2 });
    const second = shipped.byKey.get(cacheKey('passage', 'second chunk').toString('hex'))!;
    // 0.8 → 127, 0.6 → 95.25 → 95: the vector read back is [0, 95, 127, 0] at unit length.
    const norm = Math.hypot(95, 127);
    expect([...second.vector].map((x) => Number(x.toFixed(6)))).toEqual(
      [0, 95 / norm, 127 / norm, 0].map((x) => Number(x.toFixed(6))),
    );
    expect(second.truncated).toBe(true);
    expect(shipped.byKey.get(cacheKey('passage', 'first chunk').toString('hex'))!.truncated).toBe(false);
    expect(listShippedVectors(path.dirname(folder))).toEqual([file]);
  });

  it('lists nothing for a corpus without a vectors folder', () => {
    expect(listShippedVectors(tmpDir('shipped-none-'))).toEqual([]);
  });

  it('refuses a data file that is not the one the header describes, naming it', () => {
    const folder = tmpDir('shipped-bad-');
    const file = writeShippedVectors(folder, MODEL, 'doc', entries);
    const data = path.join(folder, 'hash-4.doc.i8');
    const bytes = fs.readFileSync(data);
    bytes[40] = bytes[40]! ^ 1;
    fs.writeFileSync(data, bytes);
    expect(() => readShippedVectors(file)).toThrow(InputError);
    expect(() => readShippedVectors(file)).toThrow(`${data}: its sha256 is not the dataSha256 of hash-4.doc.json`);
    fs.writeFileSync(data, bytes.subarray(1));
    expect(() => readShippedVectors(file)).toThrow(/2 records of 41 bytes expected, the file has 81 bytes/);
  });

  it('refuses a header with a missing or wrong field, naming the file and the field', () => {
    const folder = tmpDir('shipped-header-');
    const file = writeShippedVectors(folder, MODEL, 'doc', entries);
    const header = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...header, data: '../elsewhere.i8' }));
    expect(() => readShippedVectors(file)).toThrow(`${file} (field "data"): a file name expected`);
    fs.writeFileSync(file, JSON.stringify({ ...header, model: { ...MODEL, dims: 0 } }));
    expect(() => readShippedVectors(file)).toThrow(`${file} (field "model.dims"): a positive integer expected`);
    fs.writeFileSync(file, '{ not json');
    expect(() => readShippedVectors(file)).toThrow(/not a readable JSON header of shipped vectors/);
  });
});
