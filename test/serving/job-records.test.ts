import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRecords } from '../../src/serving/jobs/job-records.js';
import { writeJsonAtomic } from '../../src/serving/jobs/write-json-atomic.js';
import { tmpDir } from '../helpers/tmp.js';

interface Job {
  id: string;
  state: string;
  interruptedAt?: string;
}

const root = tmpDir('job-records-');
const interrupt = (job: Job, lastSeen: string): Job => ({ ...job, state: 'interrupted', interruptedAt: lastSeen });
const records = (dir: string) => new JobRecords<Job>(dir, 'test', interrupt);

/** The pid of a process that has exited (and been reaped): no process has it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

/** A job file as an earlier server would have left it. */
function recordOf(dir: string, key: string, pid: number, state: string, instance = 'an-earlier-server') {
  writeJsonAtomic(path.join(dir, `test-${key}.json`), {
    owner: { pid, instance },
    savedAt: '2025-01-02T03:04:05.000Z',
    job: { id: key, state },
  });
}

/** A process that is alive for the whole file: another server still working on its job. */
let sleeper: ChildProcess;
beforeAll(async () => {
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  await new Promise<void>((resolve, reject) => sleeper.once('spawn', resolve).once('error', reject));
});
afterAll(() => void sleeper.kill());

describe('JobRecords', () => {
  it('reads a job left running by a process that is gone as interrupted, when it was last seen, and records that', () => {
    const dir = path.join(root, 'dead');
    recordOf(dir, 'a', deadPid(), 'running');
    recordOf(dir, 'b', deadPid(), 'queued');
    recordOf(dir, 'c', deadPid(), 'done');
    const jobs = records(dir).readAll();
    expect(jobs.get('a')).toEqual({ id: 'a', state: 'interrupted', interruptedAt: '2025-01-02T03:04:05.000Z' });
    expect(jobs.get('b')).toMatchObject({ state: 'interrupted' });
    expect(jobs.get('c')).toEqual({ id: 'c', state: 'done' });
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'test-a.json'), 'utf8')) as { job: Job };
    expect(onDisk.job).toEqual(jobs.get('a'));
  });

  it('treats this pid as gone when an earlier process had it (a restarted container is pid 1 again)', () => {
    const dir = path.join(root, 'same-pid');
    recordOf(dir, 'a', process.pid, 'running');
    expect(records(dir).read('a')?.state).toBe('interrupted');
  });

  it("leaves a job running while its process lives, and this process's own jobs alone", () => {
    const dir = path.join(root, 'alive');
    recordOf(dir, 'theirs', sleeper.pid!, 'running');
    const mine = records(dir);
    mine.save('mine', { id: 'mine', state: 'running' });
    // another reader in this same process (a second catalog over the same folder)
    const jobs = records(dir).readAll();
    expect(jobs.get('theirs')?.state).toBe('running');
    expect(jobs.get('mine')?.state).toBe('running');
  });

  it('removes temp files that dead writers left, keeps the record whole, and skips files that are not records', () => {
    const dir = path.join(root, 'leftovers');
    recordOf(dir, 'a', deadPid(), 'done');
    const dead = path.join(dir, `test-a.json.tmp-${deadPid()}-abc123`);
    const live = path.join(dir, `test-a.json.tmp-${sleeper.pid}-def456`);
    fs.writeFileSync(dead, '{"owner": {"pid": 1, "inst');
    fs.writeFileSync(live, '{"owner"');
    fs.writeFileSync(path.join(dir, 'test-junk.json'), 'not json');
    fs.writeFileSync(path.join(dir, 'test-shape.json'), '{"job": 1}');
    const jobs = records(dir).readAll();
    expect([...jobs.keys()]).toEqual(['a']);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  });

  it('writes every state change as a whole file and never leaves a temp file', () => {
    const dir = path.join(root, 'writes');
    const r = records(dir);
    for (const state of ['running', 'running', 'done']) r.save('x', { id: 'x', state });
    expect(fs.readdirSync(dir)).toEqual(['test-x.json']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'test-x.json'), 'utf8'))).toMatchObject({
      owner: { pid: process.pid },
      job: { state: 'done' },
    });
    r.remove('x');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reads nothing for a key no job can have, and nothing from a folder not made yet', () => {
    expect(records(path.join(root, 'none')).read('../escape')).toBeUndefined();
    expect(records(path.join(root, 'none')).readAll().size).toBe(0);
    expect(fs.existsSync(path.join(root, 'none'))).toBe(false);
  });
});
