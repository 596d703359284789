import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A test worker that waits in spawnSync or execFileSync for a child that takes seconds (a tsx
 * start, the CLI, Biome) holds its event loop all that while, and on a loaded machine a minute:
 * vitest's progress report then misses its reply deadline and the run fails with
 * `Timeout calling "onTaskUpdate"` (issue 43). Tests start such children with
 * test/helpers/run-child.ts. Left synchronous: `node -e ''` (for the number of a process known
 * to have ended) and small system tools (mkfifo, openssl, python3 over a fixture).
 */
const TEST = path.resolve(import.meta.dirname, '..');
const SYNC_CALL = /\b(spawnSync|execFileSync|execSync)\(\s*([^,)]+)(?:,\s*(\[[^\]]*\]))?/g;
const QUICK_NODE = /^\[\s*'-e',\s*'0?'\s*\]$/;

function testSources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '.tmp' && entry.name !== 'fixtures') testSources(full, out);
    // This file, whose own examples would match.
    else if (entry.isFile() && entry.name.endsWith('.ts') && full !== import.meta.filename) out.push(full);
  }
  return out;
}

describe('test children', () => {
  it('no test waits synchronously for a Node, tsx, CLI or Biome child', () => {
    const offenders: string[] = [];
    for (const file of testSources(TEST)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [call, , command, args] of text.matchAll(SYNC_CALL)) {
        const nodeChild = /process\.execPath|'node'|'npx'|'tsx'|BIN|BIOME|\.bin\//.test(command!);
        if (nodeChild && !(args && QUICK_NODE.test(args))) offenders.push(`${path.relative(TEST, file)}: ${call}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('catches the calls it is meant to', () => {
    const found = (text: string) => [...text.matchAll(SYNC_CALL)].map(([, , command, args]) => [command, args]);
    expect(found("spawnSync(process.execPath, ['--import', 'tsx', file], {")).toEqual([
      ['process.execPath', "['--import', 'tsx', file]"],
    ]);
    expect(found("spawnSync(process.execPath, ['-e', '']).pid")[0]![1]).toMatch(QUICK_NODE);
    expect(found('execFileSync(BIOME, args)')).toEqual([['BIOME', undefined]]);
  });
});
