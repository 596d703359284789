import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedTraffic } from '../../src/traffic/seed-traffic.js';
import { tmpDir } from '../helpers/tmp.js';

const root = tmpDir('seed-traffic-');
const seed = path.join(root, 'seed');
fs.mkdirSync(seed);
fs.writeFileSync(path.join(seed, 'ubi_queries-2024-01-01.jsonl'), '{"query_id":"s1"}\n');
fs.writeFileSync(path.join(seed, 'ubi_events-2024-01-01.jsonl'), '{"query_id":"s1","action_name":"click"}\n');
fs.writeFileSync(path.join(seed, 'generate.ts'), '// the script that made them');

describe('seedTraffic', () => {
  it("copies the seed's UBI files, and only those, into a log folder that has none (created if missing)", async () => {
    const log = path.join(root, 'fresh', 'log');
    expect(await seedTraffic(log, seed)).toEqual(['ubi_events-2024-01-01.jsonl', 'ubi_queries-2024-01-01.jsonl']);
    expect(fs.readdirSync(log).sort()).toEqual(['ubi_events-2024-01-01.jsonl', 'ubi_queries-2024-01-01.jsonl']);
    expect(fs.readFileSync(path.join(log, 'ubi_queries-2024-01-01.jsonl'), 'utf8')).toBe('{"query_id":"s1"}\n');
  });

  it('leaves a folder that already holds a log alone', async () => {
    const log = path.join(root, 'used');
    fs.mkdirSync(log);
    fs.writeFileSync(path.join(log, 'ubi_events-2024-05-05.jsonl'), 'mine\n');
    expect(await seedTraffic(log, seed)).toEqual([]);
    expect(fs.readdirSync(log)).toEqual(['ubi_events-2024-05-05.jsonl']);
  });

  it('a seed folder with no UBI file, or none at all, is an error naming it', async () => {
    const empty = path.join(root, 'empty-seed');
    fs.mkdirSync(empty);
    await expect(seedTraffic(path.join(root, 'a'), empty)).rejects.toThrow(`${empty}: holds no ubi_queries`);
    await expect(seedTraffic(path.join(root, 'b'), path.join(root, 'missing'))).rejects.toThrow(/not found/);
  });
});
