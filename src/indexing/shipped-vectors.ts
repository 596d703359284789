import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/**
 * Vectors shipped with a corpus (the demo's use-lite vectors), so a first `npm start` serves
 * dense and hybrid at once instead of embedding for minutes. Two files in CORPUS/vectors/:
 *
 * - NAME.json, the header: the model (id, dims, maxTokens), the chunker the texts were cut
 *   with, how many records, and the sha256 of the data file;
 * - NAME.i8, the records, sorted by key: the text's key (sha256, as the embedding cache keys
 *   it: cacheKey('passage', text)), the vector's scale (float32 little-endian), whether the model
 *   saw only a prefix (one byte), and the vector as `dims` int8 codes, vector ≈ codes × scale.
 *
 * Keyed by the text the model read, not by chunk position, so any chunk whose text changed is
 * simply missing and nothing stale is served (shipped-embedder.ts).
 */
export const SHIPPED_VECTORS_FOLDER = 'vectors';
export const SHIPPED_VECTORS_FORMAT = 'testbed-vectors-i8/1';
const KEY_BYTES = 32;

export interface ShippedModel {
  id: string;
  dims: number;
  maxTokens: number;
}

export interface ShippedHeader {
  format: typeof SHIPPED_VECTORS_FORMAT;
  model: ShippedModel;
  chunker: string;
  count: number;
  /** The data file, next to the header. */
  data: string;
  dataSha256: string;
}

export interface ShippedVector {
  vector: Float32Array;
  truncated: boolean;
}

export interface ShippedVectors {
  /** The header file, for messages. */
  file: string;
  header: ShippedHeader;
  /** By key, hex. */
  byKey: Map<string, ShippedVector>;
}

export interface ShippedEntry extends ShippedVector {
  key: Buffer;
}

/** File name (no extension) for a model and a chunker: `use-lite.structure-40`. */
export function shippedVectorsName(modelId: string, chunker: string): string {
  return `${modelId}.${chunker}`.replace(/[^A-Za-z0-9.-]+/g, '-');
}

/**
 * One scale per vector, the largest component mapped to ±127: a unit vector's components differ
 * a lot in size from one vector to the next, so one scale for all would waste most codes.
 */
export function quantise(vector: Float32Array): { scale: number; codes: Int8Array } {
  let max = 0;
  for (const v of vector) max = Math.max(max, Math.abs(v));
  const scale = Math.fround(max / 127);
  const codes = new Int8Array(vector.length);
  if (scale > 0) for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i]! / scale);
  return { scale, codes };
}

/** codes × scale, scaled back to unit length: dense search compares unit vectors. */
export function dequantise(codes: Int8Array, scale: number): Float32Array {
  const out = new Float32Array(codes.length);
  let sum = 0;
  for (let i = 0; i < codes.length; i++) sum += (codes[i]! * scale) ** 2;
  const norm = Math.sqrt(sum);
  for (let i = 0; i < codes.length; i++) out[i] = norm > 0 ? (codes[i]! * scale) / norm : 0;
  return out;
}

/** Writes NAME.json and NAME.i8 into `folder`; returns the header's path. */
export function writeShippedVectors(
  folder: string,
  model: ShippedModel,
  chunker: string,
  entries: ShippedEntry[],
): string {
  const name = shippedVectorsName(model.id, chunker);
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.key, b.key));
  const size = recordBytes(model.dims);
  const data = Buffer.alloc(sorted.length * size);
  sorted.forEach((e, i) => {
    if (e.key.length !== KEY_BYTES || e.vector.length !== model.dims)
      throw new Error(`entry ${i}: a ${KEY_BYTES}-byte key and ${model.dims} values expected`);
    const at = i * size;
    const { scale, codes } = quantise(e.vector);
    e.key.copy(data, at);
    data.writeFloatLE(scale, at + KEY_BYTES);
    data.writeUInt8(e.truncated ? 1 : 0, at + KEY_BYTES + 4);
    Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength).copy(data, at + KEY_BYTES + 5);
  });
  const header: ShippedHeader = {
    format: SHIPPED_VECTORS_FORMAT,
    model,
    chunker,
    count: sorted.length,
    data: `${name}.i8`,
    dataSha256: createHash('sha256').update(data).digest('hex'),
  };
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, header.data), data);
  const file = path.join(folder, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(header, null, 2) + '\n');
  return file;
}

/** The header files in CORPUS/vectors/, sorted; none when the folder is absent. */
export function listShippedVectors(corpus: string): string[] {
  const folder = path.join(corpus, SHIPPED_VECTORS_FOLDER);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(folder, f));
}

/** Reads a header and its data file; anything malformed is an InputError naming the file. */
export function readShippedVectors(file: string): ShippedVectors {
  const header = readHeader(file);
  const dataFile = path.join(path.dirname(file), header.data);
  let data: Buffer;
  try {
    data = fs.readFileSync(dataFile);
  } catch (err) {
    throw new InputError(`cannot read the vectors ${header.data} it names: ${(err as Error).message}`, { file });
  }
  const size = recordBytes(header.model.dims);
  if (data.length !== header.count * size)
    throw new InputError(
      `${header.count} records of ${size} bytes expected, the file has ${data.length} bytes (regenerate it)`,
      { file: dataFile },
    );
  if (createHash('sha256').update(data).digest('hex') !== header.dataSha256)
    throw new InputError(`its sha256 is not the dataSha256 of ${path.basename(file)} (regenerate both)`, {
      file: dataFile,
    });
  const byKey = new Map<string, ShippedVector>();
  for (let i = 0; i < header.count; i++) {
    const at = i * size;
    const scale = data.readFloatLE(at + KEY_BYTES);
    const start = data.byteOffset + at + KEY_BYTES + 5;
    const codes = new Int8Array(data.buffer.slice(start, start + header.model.dims));
    byKey.set(data.toString('hex', at, at + KEY_BYTES), {
      vector: dequantise(codes, scale),
      truncated: data[at + KEY_BYTES + 4] === 1,
    });
  }
  return { file, header, byKey };
}

function recordBytes(dims: number): number {
  return KEY_BYTES + 4 + 1 + dims;
}

function readHeader(file: string): ShippedHeader {
  let h: Partial<ShippedHeader> & { model?: Partial<ShippedModel> };
  try {
    h = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError(`not a readable JSON header of shipped vectors: ${(err as Error).message}`, { file });
  }
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) > 0;
  const fail = (field: string, what: string) => new InputError(`${what} expected`, { file, field });
  if (h?.format !== SHIPPED_VECTORS_FORMAT) throw fail('format', `"${SHIPPED_VECTORS_FORMAT}"`);
  if (typeof h.model?.id !== 'string' || !h.model.id) throw fail('model.id', 'an embedder id');
  if (!positive(h.model.dims)) throw fail('model.dims', 'a positive integer');
  if (!positive(h.model.maxTokens)) throw fail('model.maxTokens', 'a positive integer');
  if (typeof h.chunker !== 'string' || !h.chunker) throw fail('chunker', 'a chunker spec');
  if (!Number.isInteger(h.count) || h.count! < 0) throw fail('count', 'a record count');
  // A bare file name: the header must not point the reader anywhere but next to itself.
  if (typeof h.data !== 'string' || path.basename(h.data) !== h.data) throw fail('data', 'a file name');
  if (typeof h.dataSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(h.dataSha256))
    throw fail('dataSha256', 'a sha256 in hex');
  return h as ShippedHeader;
}
