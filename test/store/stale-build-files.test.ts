import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discardBuild, removeStaleBuildsIn, temporaryPathFor } from '../../src/store/atomic-build.js';
import { POSTINGS_SPILL_SUFFIX } from '../../src/store/postings-schema.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Every file a build writes beside its destination is a build file: the temp index, the postings
 * spill, and SQLite's -journal / -wal / -shm of each. A build SIGKILLed during a spill write left
 * `idx.sqlite.building-PID-RAND-postings-spill-journal`, which the sweep did not recognise, so it
 * stayed beside the index for good (seen as a flake of test/robustness/kill-build.test.ts under load).
 */
const SQLITE = ['', '-wal', '-shm', '-journal'];
const ALL_SUFFIXES = [...SQLITE, ...SQLITE.map((s) => POSTINGS_SPILL_SUFFIX + s)];

/** The pid of a process that has exited (and been reaped): its files are stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

describe('stale build files', () => {
  it("a dead build's eight files (index, spill, and each one's journal, WAL and shm) are all swept", () => {
    const dir = tmpDir('stale-files-');
    const base = path.join(dir, `idx.sqlite.building-${deadPid()}-pzkzyw`);
    for (const suffix of ALL_SUFFIXES) fs.writeFileSync(base + suffix, 'x');
    fs.writeFileSync(path.join(dir, 'idx.sqlite'), 'the index itself');
    expect(fs.readdirSync(dir)).toHaveLength(ALL_SUFFIXES.length + 1);
    removeStaleBuildsIn(dir);
    expect(fs.readdirSync(dir)).toEqual(['idx.sqlite']);
  });

  it("a live build's files, this process's included, are kept", () => {
    const dir = tmpDir('live-files-');
    const tmp = temporaryPathFor(path.join(dir, 'idx.sqlite'));
    for (const suffix of ALL_SUFFIXES) fs.writeFileSync(tmp + suffix, 'x');
    removeStaleBuildsIn(dir);
    expect(fs.readdirSync(dir)).toHaveLength(ALL_SUFFIXES.length);
    // and a build that gives up removes all eight
    discardBuild(tmp);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
