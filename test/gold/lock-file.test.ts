import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { addJudgement } from '../../src/gold/additions.js';
import { additionsFile, additionsLockFile } from '../../src/gold/additions-file.js';
import { withLock } from '../../src/gold/lock-file.js';
import { tinyBeirCopy } from './helpers.js';

const JUDGEMENT = { queryId: 'q1', docId: 'ja-reset' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the additions lock', () => {
  it('an addition waits while the lock is held and is written once it is released', async () => {
    const qrels = tinyBeirCopy();
    let release!: () => void;
    const held = withLock(additionsLockFile(qrels), () => new Promise<void>((resolve) => (release = resolve)));
    const adding = addJudgement(qrels, JUDGEMENT);
    await sleep(100);
    expect(fs.existsSync(additionsFile(qrels)), 'written while another held the lock').toBe(false);
    release();
    await held;
    await adding;
    expect(fs.readFileSync(additionsFile(qrels), 'utf8')).toContain('"doc_id":"ja-reset"');
    expect(fs.existsSync(additionsLockFile(qrels))).toBe(false);
  });

  it('is released when the task fails', async () => {
    const qrels = tinyBeirCopy();
    await expect(withLock(additionsLockFile(qrels), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(fs.existsSync(additionsLockFile(qrels))).toBe(false);
  });

  it('a lock left by a process of this host that has exited is broken at once', async () => {
    const qrels = tinyBeirCopy();
    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // exited by the time spawnSync returns
    fs.writeFileSync(additionsLockFile(qrels), JSON.stringify({ pid: gone, host: os.hostname(), token: 't' }));
    // Dated an hour ahead, the lock cannot turn stale (10 s old) during the test: if it is broken,
    // the exited pid broke it, which no stopwatch on a loaded machine has to tell apart.
    const anHourAhead = new Date(Date.now() + 3_600_000);
    fs.utimesSync(additionsLockFile(qrels), anHourAhead, anHourAhead);
    await addJudgement(qrels, JUDGEMENT);
    expect(fs.existsSync(additionsLockFile(qrels))).toBe(false);
  });

  it('a lock from another host is respected while fresh and broken once it is older than 10 s', async () => {
    const qrels = tinyBeirCopy();
    const lock = additionsLockFile(qrels);
    fs.writeFileSync(lock, JSON.stringify({ pid: 1, host: 'elsewhere', token: 't' }));
    const adding = addJudgement(qrels, JUDGEMENT);
    await sleep(100);
    expect(fs.existsSync(additionsFile(qrels)), 'written past a fresh lock').toBe(false);
    const elevenSecondsAgo = new Date(Date.now() - 11_000);
    fs.utimesSync(lock, elevenSecondsAgo, elevenSecondsAgo);
    await adding;
    expect(fs.existsSync(additionsFile(qrels))).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });
});
