import { constants } from 'node:fs';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { translateFsError } from '../corpus/fs-errors.js';
import { ConflictError } from '../errors.js';

/** How long to keep trying for the lock. It is held for one append or one rewrite (milliseconds). */
const WAIT_MS = 30_000;
/** A lock this old is left over from a process that died holding it: no holder takes this long. */
const STALE_MS = 10_000;
const FIRST_PAUSE_MS = 1;
const MAX_PAUSE_MS = 25;
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

interface Holder {
  pid: number;
  host: string;
  /** Tells apart two locks taken one after the other by the same process. */
  token: string;
}

/**
 * Runs `task` while holding `lockFile`, a small file created with O_EXCL (only one process can
 * create it) and removed afterwards; while another process holds it, retries with growing
 * random pauses. Adding and removing judgements both take it, so a removal, which rewrites the
 * additions file, cannot lose an addition appended meanwhile. A lock left behind by a process
 * that died is broken: at once when its holder's pid is gone on this host, otherwise once it is
 * older than STALE_MS.
 */
export async function withLock<T>(lockFile: string, task: () => Promise<T>): Promise<T> {
  const mine = await acquire(lockFile);
  try {
    return await task();
  } finally {
    // Unlinked only while it is still ours, in case it was taken for stale and then by another.
    await unlinkIfSame(lockFile, mine);
  }
}

/** Takes the lock and returns what was written into it. */
async function acquire(lockFile: string): Promise<string> {
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), token: randomUUID() } satisfies Holder);
  const deadline = Date.now() + WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      const handle = await open(lockFile, CREATE_EXCLUSIVE, 0o644);
      try {
        await handle.writeFile(me);
      } finally {
        await handle.close();
      }
      return me;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw translateFsError(err, lockFile);
    }
    if (await breakIfStale(lockFile)) continue;
    if (Date.now() > deadline) {
      throw new ConflictError(
        `${lockFile} has been locked for ${WAIT_MS / 1000} s by another testbed process; if none is running, delete the file`,
      );
    }
    // Random pauses keep waiters from retrying in step with each other.
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * pause));
  }
}

/**
 * Removes the lock if its holder is dead. The content is read again just before unlinking, so
 * a lock taken afresh by someone else in the meantime (other content) is left alone; two
 * processes judging the same lock stale in the same instant is the one race this leaves.
 */
async function breakIfStale(lockFile: string): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile).then((s) => Date.now() - s.mtimeMs)]);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT'; // released while we looked: retry at once
  }
  if (!isStale(text, age)) return false;
  await unlinkIfSame(lockFile, text);
  return true;
}

async function unlinkIfSame(lockFile: string, content: string): Promise<void> {
  const now = await readFile(lockFile, 'utf8').catch(() => undefined);
  if (now === content) await unlink(lockFile).catch(() => undefined);
}

function isStale(text: string, age: number): boolean {
  if (age > STALE_MS) return true;
  let holder: Partial<Holder>;
  try {
    holder = JSON.parse(text) as Partial<Holder>;
  } catch {
    // Created but not yet written (the holder is between open and write), or garbage: age decides.
    return false;
  }
  if (holder.host !== os.hostname() || typeof holder.pid !== 'number') return false;
  try {
    process.kill(holder.pid, 0); // signal 0 only asks whether the process exists
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
