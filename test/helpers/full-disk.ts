import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * What a full disk does to one write: nothing (`ok`); refuse it whole (`enospc`, what write(2)
 * answers when no byte fits); take only the first half and say so (`short`, what write(2)
 * answers when the room runs out inside the buffer); or take the first half and then fail
 * (`half-then-enospc`: the worst a caller can meet, bytes in the file and no count of them).
 */
export type DiskFault = 'ok' | 'enospc' | 'short' | 'half-then-enospc';

export const DISK_FAULTS: readonly DiskFault[] = ['ok', 'enospc', 'short', 'half-then-enospc'];

type Write = (this: FileHandle, buffer: Buffer, offset?: number, length?: number) => Promise<{ bytesWritten: number }>;
type Sync = (this: FileHandle) => Promise<void>;

/** The class every fs.promises handle is made from: the one place all appends go through. */
async function fileHandlePrototype(): Promise<{ write: Write; sync: Sync }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handle-'));
  const handle = await fs.promises.open(path.join(dir, 'probe'), 'w');
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return Object.getPrototypeOf(handle) as { write: Write; sync: Sync };
}

function enospc(syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
    code: 'ENOSPC',
    errno: -28,
    syscall,
  });
}

/** Only appended lines of JSON are hit (a lock file's text, a SQLite page are left alone). */
function isJsonLine(buffer: Buffer, offset: number, length: number): boolean {
  const text = buffer.subarray(offset, offset + length).toString('utf8');
  return /^\n?\{/.test(text) && text.endsWith('\n');
}

export interface FullDisk {
  /** How many writes of a JSON line were answered with a fault. */
  faults: () => number;
  restore: () => void;
}

/**
 * Plays a full disk under every FileHandle in this process, below the code under test: each
 * write of a JSON line (an appender's) gets the fault `plan` picks, and when `failSync` says so
 * an fsync fails with ENOSPC (as on file systems that report a full disk only at fsync). The real
 * write does the `ok` ones and the halves, so what is left in the file is what the disk took.
 */
export async function injectFullDisk(plan: () => DiskFault, failSync: () => boolean = () => false): Promise<FullDisk> {
  const proto = await fileHandlePrototype();
  const realWrite = proto.write;
  const realSync = proto.sync;
  let faults = 0;
  const write = vi.spyOn(proto, 'write').mockImplementation(async function (
    this: FileHandle,
    buffer: Buffer,
    offset = 0,
    length = buffer.length - offset,
  ) {
    if (!Buffer.isBuffer(buffer) || !isJsonLine(buffer, offset, length))
      return realWrite.call(this, buffer, offset, length);
    const fault = plan();
    if (fault === 'ok') return realWrite.call(this, buffer, offset, length);
    faults += 1;
    if (fault === 'enospc') throw enospc('write');
    const half = Math.max(1, Math.floor(length / 2));
    const { bytesWritten } = await realWrite.call(this, buffer, offset, half);
    if (fault === 'short') return { bytesWritten, buffer };
    throw enospc('write');
  } as Write);
  const sync = vi.spyOn(proto, 'sync').mockImplementation(async function (this: FileHandle) {
    if (failSync()) {
      faults += 1;
      throw enospc('fsync');
    }
    return realSync.call(this);
  } as Sync);
  return {
    faults: () => faults,
    restore: () => {
      write.mockRestore();
      sync.mockRestore();
    },
  };
}

/** The lines of a JSONL file that do not parse: every torn line, by 1-based number. */
export function tornLines(file: string): number[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const torn: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      JSON.parse(line);
    } catch {
      torn.push(i + 1);
    }
  });
  return torn;
}
