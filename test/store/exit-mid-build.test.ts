import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChild } from '../helpers/run-child.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * A process that exits with a build in progress (an experiment's child process exits when its
 * parent is killed and the IPC channel closes) takes its temp file with it: the next run's sweep
 * skips temp files whose process is still alive, so an orphan's file would otherwise stay for
 * good. A committed or discarded build is no longer tracked.
 */
describe('temp files of builds in progress at exit', () => {
  const dir = tmpDir('exit-mid-build-');
  const script = (body: string) => {
    const file = path.join(dir, `child-${Math.random().toString(36).slice(2)}.ts`);
    const atomic = JSON.stringify(path.resolve(import.meta.dirname, '../../src/store/atomic-build.ts'));
    fs.writeFileSync(
      file,
      `import fs from 'node:fs';\nimport { temporaryPathFor, commitBuild } from ${atomic};\n${body}\n`,
    );
    return runChild(process.execPath, ['--import', 'tsx', file], { cwd: path.resolve(import.meta.dirname, '../..') });
  };

  it('removes an unfinished temp file (and its -wal) when the process exits', async () => {
    const dest = path.join(dir, 'a.sqlite');
    const res = await script(`const tmp = temporaryPathFor(${JSON.stringify(dest)});
fs.writeFileSync(tmp, 'half'); fs.writeFileSync(tmp + '-wal', 'x');
process.stdout.write(tmp);
process.exit(1);`);
    expect(res.status, res.stderr).toBe(1);
    expect(res.stdout).toContain('a.sqlite.building-');
    expect(fs.existsSync(res.stdout)).toBe(false);
    expect(fs.existsSync(res.stdout + '-wal')).toBe(false);
  });

  it('leaves a committed build in place', async () => {
    const dest = path.join(dir, 'b.sqlite');
    const res = await script(`const tmp = temporaryPathFor(${JSON.stringify(dest)});
fs.writeFileSync(tmp, 'whole');
commitBuild(tmp, ${JSON.stringify(dest)});
process.exit(1);`);
    expect(res.status, res.stderr).toBe(1);
    expect(fs.readFileSync(dest, 'utf8')).toBe('whole');
  });
});
