import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../../store/atomic-build.js';
import { tempFileOwner, writeJsonAtomic } from './write-json-atomic.js';

/**
 * This process, told apart from earlier ones that had the same pid: a server restarted in a
 * container is often pid 1 again, and its predecessor's jobs must not pass for its own.
 */
const INSTANCE = randomUUID();

/** States in which a job needs a process working on it. */
const LIVE_STATES: ReadonlySet<string> = new Set(['queued', 'running']);
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** Progress is recorded at most this often: often enough to date an interruption, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 1000;

interface Owner {
  pid: number;
  instance: string;
}

/** One job file: the job as the API shows it, who ran it, and when it was last written. */
interface Stored<T> {
  owner: Owner;
  savedAt: string;
  job: T;
}

/** What a live job becomes when its process is gone; `lastSeen` is when its record was last written. */
export type Interrupt<T> = (job: T, lastSeen: string) => T;

/**
 * Jobs recorded one file per job (`<dir>/<kind>-<key>.json`), each state change written
 * atomically (see writeJsonAtomic), so that a server killed mid-job leaves a record saying so.
 * Reading a record whose job is still queued or running by a process that no longer exists
 * turns it into an interrupted one, and records that too.
 */
export class JobRecords<T extends { state: string }> {
  private readonly lastSaved = new Map<string, number>();

  constructor(
    readonly dir: string,
    private readonly kind: string,
    private readonly interrupt: Interrupt<T>,
  ) {}

  /**
   * Records a job's state now. Best effort: a job whose record cannot be written (a full or
   * read-only disk) still runs and is still answered from memory; the failure is logged.
   */
  save(key: string, job: T): void {
    this.write(key, { owner: { pid: process.pid, instance: INSTANCE }, savedAt: new Date().toISOString(), job });
  }

  /** Records progress, at most once a second per job. */
  saveProgress(key: string, job: T): void {
    if (Date.now() - (this.lastSaved.get(key) ?? 0) >= PROGRESS_EVERY_MS) this.save(key, job);
  }

  remove(key: string): void {
    fs.rmSync(this.fileOf(key), { force: true });
    this.lastSaved.delete(key);
  }

  /** The recorded job of `key`, read afresh (another live process may be running it); undefined for a key no job can have. */
  read(key: string): T | undefined {
    return KEY.test(key) ? this.recover(key, this.fileOf(key)) : undefined;
  }

  /** Every recorded job by key. Also removes temp files that writers which no longer exist left behind. */
  readAll(): Map<string, T> {
    const jobs = new Map<string, T>();
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return jobs; // no job recorded yet
    }
    const prefix = `${this.kind}-`;
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const writer = tempFileOwner(name);
      // Writes are synchronous, so a temp file with this process's pid is a predecessor's.
      if (writer !== undefined && (writer === process.pid || !isAlive(writer)))
        fs.rmSync(path.join(this.dir, name), { force: true });
      if (writer !== undefined || !name.endsWith('.json')) continue;
      const key = name.slice(prefix.length, -'.json'.length);
      const job = this.recover(key, path.join(this.dir, name));
      if (job) jobs.set(key, job);
    }
    return jobs;
  }

  private recover(key: string, file: string): T | undefined {
    const stored = readStored<T>(file);
    if (!stored) return undefined;
    if (!LIVE_STATES.has(stored.job.state) || !ownerGone(stored.owner)) return stored.job;
    const job = this.interrupt(stored.job, stored.savedAt);
    this.write(key, { ...stored, savedAt: new Date().toISOString(), job });
    return job;
  }

  private write(key: string, stored: Stored<T>): void {
    try {
      writeJsonAtomic(this.fileOf(key), stored);
      this.lastSaved.set(key, Date.now());
    } catch (err) {
      console.error(`could not record ${this.kind} job "${key}": ${(err as Error).message}`);
    }
  }

  private fileOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a job key: ${JSON.stringify(key)}`);
    return path.join(this.dir, `${this.kind}-${key}.json`);
  }
}

function ownerGone(owner: Owner): boolean {
  if (owner.instance === INSTANCE) return false;
  return owner.pid === process.pid || !isAlive(owner.pid);
}

/** A job file's contents, or undefined for a missing file or one that is not a job record. */
function readStored<T>(file: string): Stored<T> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const v = value as Partial<Stored<{ state?: unknown }>> | null;
  const ok =
    typeof v?.owner?.pid === 'number' &&
    typeof v.owner.instance === 'string' &&
    typeof v.savedAt === 'string' &&
    typeof v.job?.state === 'string';
  return ok ? (value as Stored<T>) : undefined;
}
