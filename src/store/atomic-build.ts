import fs from 'node:fs';
import path from 'node:path';
import { POSTINGS_SPILL_SUFFIX } from './postings-schema.js';

/**
 * An index is built into a temporary file beside its destination and renamed into place only
 * when complete: rename(2) is atomic within a directory, so a reader sees the old index or the
 * new one, never a half-built file, whatever happens to the build (even SIGKILL).
 */
export function temporaryPathFor(dest: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  const tmp = `${dest}.building-${process.pid}-${rand}`;
  trackBuild(tmp);
  return tmp;
}

/**
 * Temp files of builds still in progress in this process. A process that exits mid-build (an
 * experiment's child process whose parent was killed exits on the IPC disconnect) removes them
 * on its way out: a sweep by the next run (removeStaleBuilds) skips them while their process
 * still lives, and would never see them again once it is gone.
 */
const inProgress = new Set<string>();

function trackBuild(tmp: string): void {
  if (inProgress.size === 0 && !exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const t of inProgress) removeFiles(t);
    });
  }
  inProgress.add(tmp);
}
let exitHookInstalled = false;

/**
 * The files a build writes beside its destination: the temp file `<dest>.building-<pid>-<rand>`,
 * the postings spill (a second SQLite file), and SQLite's journal, WAL and shared memory of
 * either. A build killed mid-spill leaves `...-postings-spill-journal`: missing it here left it
 * beside the index for good (test/store/stale-build-files.test.ts).
 */
const BUILD_FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'].flatMap((sqlite) => [
  sqlite,
  POSTINGS_SPILL_SUFFIX + sqlite,
]);

/** A build's temp file or one of the files beside it (BUILD_FILE_SUFFIXES); group 1 is the owner's pid. */
const TEMP_FILE = new RegExp(`\\.building-(\\d+)-[a-z0-9]*(?:${POSTINGS_SPILL_SUFFIX})?(?:-wal|-shm|-journal)?$`);

/** Sweeps the folder `dest` is in (removeStaleBuildsIn): a build calls it before it starts. */
export function removeStaleBuilds(dest: string): void {
  removeStaleBuildsIn(path.dirname(path.resolve(dest)));
}

/**
 * Removes from `dir` the temp files of every build whose process is gone, whoever started it (a
 * server's build, `testbed index`, an experiment's): a killed build leaves its file, and no
 * later build of another name would ever look at it. The owner's pid is in the file's name; a
 * file whose owner still runs is a build in progress and is kept, and so are this process's own
 * (removed by their build, or on its way out).
 */
export function removeStaleBuildsIn(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = TEMP_FILE.exec(name)?.[1];
    if (owner === undefined) continue;
    const pid = Number(owner);
    if (pid === process.pid || isAlive(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** Moves a finished temp file over the destination; both must be on the same filesystem. */
export function commitBuild(tmp: string, dest: string): void {
  const fd = fs.openSync(tmp, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(tmp, dest);
  inProgress.delete(tmp);
}

/** Best effort: a failed or interrupted build leaves nothing behind. */
export function discardBuild(tmp: string): void {
  removeFiles(tmp);
  inProgress.delete(tmp);
}

function removeFiles(tmp: string): void {
  for (const suffix of BUILD_FILE_SUFFIXES) fs.rmSync(tmp + suffix, { force: true });
}

/**
 * Whether a process with this pid is running (EPERM: it is, owned by someone else). A zombie
 * counts as gone: a killed build whose parent died too waits, exited, for a PID 1 that may never
 * reap it (containers), and kill(pid, 0) still succeeds on it.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Linux: the state field of /proc/PID/stat (after the parenthesised name) is Z. Elsewhere: false. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
