import { appendWhole, openForAppend } from '../corpus/append-whole.js';
import { fileEnd } from '../corpus/ends-with-newline.js';
import type { FileHandle } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';
import { dayFileName, type LogKind, utcDay } from './log-files.js';
import { readLoggedQueryIds } from './logged-query-ids.js';
import { RecentIds } from './recent-ids.js';
import type { UbiEventRecord, UbiQueryRecord } from './types.js';

/**
 * Query ids a server remembers for POST /events: the most recent million (about 100 MB of
 * strings at most). An event for a search older than that is answered 404 like an unknown id.
 */
export const DEFAULT_MAX_KNOWN_QUERY_IDS = 1_000_000;
/** Written data reaches the disk within this long (fsync), whatever happens to the machine. */
export const DEFAULT_SYNC_EVERY_MS = 1000;

export interface QueryLogOptions {
  /** The clock that dates records and picks the day's file (tests pass their own). */
  now?: () => Date;
  /** How many query ids to remember (default DEFAULT_MAX_KNOWN_QUERY_IDS). */
  maxKnownIds?: number;
  /** Longest time between a write and its fsync (default DEFAULT_SYNC_EVERY_MS). */
  syncEveryMs?: number;
}

interface DayFile {
  day: string;
  file: string;
  handle: FileHandle;
  /** Written to since its last fsync. */
  dirty: boolean;
  /**
   * The file's size, known to end a line: unknown when just opened (a crash may have cut its
   * last line) and after a failed write (the cut back may have failed too), then read again
   * with the last byte; kept up to date by each whole write of ours.
   */
  size: number | undefined;
}

/** Writes the log could not make since the server started (GET /health, GET /traffic). */
export interface LostLogWrites {
  /** Searches answered but not logged: the search does not fail for its log line. */
  queries: number;
  /** Events refused with a 507 because their write failed. */
  events: number;
}

/**
 * The server's own traffic log (`testbed serve --log-queries DIR`), in the UBI schema: every
 * search answered as a line of `DIR/ubi_queries-YYYY-MM-DD.jsonl`, every posted event as a line
 * of `DIR/ubi_events-YYYY-MM-DD.jsonl`, the day being the UTC date when the line is written (a
 * new file when it changes).
 *
 * What a crash can cost:
 * - A killed process (SIGKILL, an out-of-memory kill) loses only what it had not written yet.
 *   Each query record, and each request's batch of events whole, is ONE write call on a file
 *   opened with O_APPEND, so the kernel puts it after everything already there in one step: an
 *   earlier line is never overwritten or split, and a batch is never half in the file. A search
 *   is answered, and an event batch acknowledged, only once its write has returned.
 * - A power loss or kernel crash can lose what the page cache held: the files are fsynced at
 *   most `syncEveryMs` (1 s) after a write, and when the log is closed or rotated, so at most
 *   the last second. The one write a power loss interrupts may be left cut short.
 * - A full disk leaves no torn line: a write that fails or comes up short is cut back off the
 *   file (appendWhole), the search is still answered (the loss is counted: lostWrites, shown by
 *   GET /health and GET /traffic) and an event batch is refused with a 507.
 * - A line cut short anyway (that power loss) is never joined to the next: when a day's file is
 *   opened, and after a write that failed, the next write first looks at the file's size and last
 *   byte and puts a newline in front of its own lines when it is not one. After a whole write of
 *   ours the size is known and the file ends in a newline, so a search does not pay for that look
 *   (two more system calls) each time. One server writes a log folder: two sharing one would not
 *   split each other's lines (O_APPEND), but this check, and cutting back a failed write to the
 *   size it knows, assume it is alone. Readers skip a torn line, counting it.
 * - Files are opened without following a symbolic link (openForAppend).
 *
 * Writes from concurrent requests are queued and made one at a time, in the order asked.
 */
export class QueryLog {
  private readonly files = new Map<LogKind, DayFile>();
  private queue: Promise<void> = Promise.resolve();
  private syncTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly lost: LostLogWrites = { queries: 0, events: 0 };
  /** Whether the last write failed: a failing streak is reported once, and its end once. */
  private failing = false;

  private constructor(
    readonly dir: string,
    private readonly known: RecentIds,
    private readonly clock: () => Date,
    private readonly syncEveryMs: number,
  ) {}

  /**
   * Opens the log in `dir` (created if missing) and learns the query ids its query files already
   * hold, so a restarted server accepts events for searches answered before it stopped.
   */
  static async open(dir: string, options: QueryLogOptions = {}): Promise<QueryLog> {
    try {
      await mkdir(dir, { recursive: true });
    } catch (err) {
      throw translateFsError(err, dir);
    }
    const known = new RecentIds(options.maxKnownIds ?? DEFAULT_MAX_KNOWN_QUERY_IDS);
    await readLoggedQueryIds(dir, (id) => known.add(id));
    return new QueryLog(dir, known, options.now ?? (() => new Date()), options.syncEveryMs ?? DEFAULT_SYNC_EVERY_MS);
  }

  /** The log's clock: records are dated with it, so their timestamps and files agree. */
  now(): Date {
    return this.clock();
  }

  /** Whether a search with this id was logged (by this server, or found in the folder at start) and is still remembered. */
  knows(queryId: string): boolean {
    return this.known.has(queryId);
  }

  /**
   * Appends one search; its id is known (events may name it) once the line is written. A write
   * that fails (a full disk) does not fail the search it logs: it is counted in `lostWrites`,
   * reported on stderr, and the id stays unknown, like that of a search never logged.
   */
  async writeQuery(record: UbiQueryRecord): Promise<void> {
    // Writing to a closed log is a bug in the caller, not a disk that filled up.
    if (this.closed) throw new Error('the query log is closed');
    try {
      await this.append('queries', [record]);
    } catch (err) {
      this.lost.queries += 1;
      this.reportFailure(err);
      return;
    }
    this.known.add(record.query_id);
  }

  /**
   * Appends a request's events in one write: all of them are in the file, or (on an error,
   * thrown to the caller: StorageFullError for a full disk) none, and the failure is counted.
   */
  async writeEvents(records: readonly UbiEventRecord[]): Promise<void> {
    if (records.length === 0) return;
    try {
      await this.append('events', records);
    } catch (err) {
      this.lost.events += records.length;
      this.reportFailure(err);
      throw err;
    }
  }

  /** How many searches went unlogged and events were refused because their write failed. */
  lostWrites(): LostLogWrites {
    return { ...this.lost };
  }

  /** Waits for the writes asked so far, fsyncs and closes the files; later writes are refused. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    const done = this.queue.then(async () => {
      for (const file of this.files.values()) await closeDayFile(file);
      this.files.clear();
    });
    this.queue = done.catch(() => {});
    await done;
  }

  private append(kind: LogKind, records: readonly object[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the query log is closed'));
    // Serialised before queueing: the write itself is one buffer, whatever is queued ahead of it.
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    const written = this.queue.then(() => this.write(kind, text));
    this.queue = written.catch(() => {});
    return written;
  }

  private async write(kind: LogKind, text: string): Promise<void> {
    const target = await this.fileFor(kind, utcDay(this.clock()));
    let start = target.size;
    let prefix = '';
    if (start === undefined) {
      const end = await fileEnd(target.handle);
      start = end.size;
      if (!end.endsWithNewline) prefix = '\n';
    }
    const bytes = Buffer.from(prefix + text, 'utf8');
    target.size = undefined;
    // A failed or short write is cut back off the file (appendWhole): no torn line is left.
    await appendWhole(target.handle, target.file, bytes, start, { sync: false });
    target.size = start + bytes.length;
    target.dirty = true;
    this.scheduleSync();
    if (this.failing) {
      this.failing = false;
      console.error(`query log: writing to ${this.dir} again`);
    }
  }

  /** Says on stderr that log writes fail, once per failing streak, not once per search. */
  private reportFailure(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    console.error(
      `query log: a write failed, searches are answered but not logged until writes succeed again: ${(err as Error).message ?? String(err)}`,
    );
  }

  /** The open file of `kind` for `day`, the previous day's fsynced and closed when the day has changed. */
  private async fileFor(kind: LogKind, day: string): Promise<DayFile> {
    const current = this.files.get(kind);
    if (current?.day === day) return current;
    if (current) {
      this.files.delete(kind);
      await closeDayFile(current);
    }
    const file = path.join(this.dir, dayFileName(kind, day));
    const handle = await openForAppend(file);
    const opened: DayFile = { day, file, handle, dirty: false, size: undefined };
    this.files.set(kind, opened);
    return opened;
  }

  private scheduleSync(): void {
    if (this.syncTimer || this.closed) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      // Queued like a write, so a rotation cannot close a file under it.
      const synced = this.queue.then(async () => {
        for (const file of this.files.values()) await syncDayFile(file);
      });
      this.queue = synced.catch((err: unknown) => console.error(`query log: fsync failed: ${String(err)}`));
    }, this.syncEveryMs);
    // A pending fsync does not keep the process alive: close() syncs whatever is left.
    this.syncTimer.unref();
  }
}

async function syncDayFile(file: DayFile): Promise<void> {
  if (!file.dirty) return;
  file.dirty = false;
  await file.handle.sync();
}

async function closeDayFile(file: DayFile): Promise<void> {
  try {
    await syncDayFile(file);
  } finally {
    await file.handle.close();
  }
}
