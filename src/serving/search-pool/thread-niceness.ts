import fs from 'node:fs';
import os from 'node:os';

/**
 * Niceness of the search worker threads: behind the main thread (0), which routes every request
 * and answers /health, and ahead of the build and experiment jobs (10, start-server.ts). Under
 * Linux's scheduler a nice-0 thread competing with nice-5 ones gets about three times their share
 * of a core (weights 1024 and 335), so with the workers saturating every core the main thread
 * still runs as soon as a request arrives, instead of waiting its turn behind them (issue 24:
 * /health p95 692 ms under 32 connections of BM25 searches).
 */
export const SEARCH_WORKER_NICENESS = 5;

/**
 * Sets the niceness of the calling thread alone, where the system allows it: on Linux
 * setpriority(PRIO_PROCESS, tid) applies to the one thread whose id it is given, and the id is
 * read from /proc/thread-self (`PID/task/TID`). Threads the caller starts afterwards (a query
 * encoder's) inherit it. Answers whether it was set; elsewhere (no /proc, another system) the
 * thread keeps the process's priority, which costs latency under load but nothing else.
 */
export function niceThisThread(niceness: number): boolean {
  try {
    const tid = Number(lastSegment(fs.readlinkSync('/proc/thread-self')));
    // The main thread's id is the process id: never renice the whole process by mistake.
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false;
    os.setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}

function lastSegment(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}
