import fs from 'node:fs';
import path from 'node:path';

/**
 * vitest globalSetup: fails the run when the tests leave a new file in the checkout. Every test
 * writes under a temp folder (tmpDir) or the ignored test/.tmp; a test that writes results/NAME
 * or data/ (an experiment without `output:`, a CLI call with a relative --out) fills a user's
 * clone with files nobody asked for, and those folders are git-ignored, so `git status` would not
 * show them. Walks the checkout before and after, skipping what a run is allowed to create
 * (node_modules, .git, dist/ which bin/testbed.js rebuilds, test/.tmp, bench/.out).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = new Set(['node_modules', '.git', 'dist', 'test/.tmp', 'bench/.out', 'test/e2e/artifacts']);
const ALLOWED_NAMES = /^(dist\.tmp-.*|dist\.lock|\.building-.*)$/;

function files(dir = ROOT, out = new Set<string>()): Set<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // removed while walking (a test's own cleanup)
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (ALLOWED.has(rel) || ALLOWED_NAMES.test(entry.name)) continue;
    if (entry.isDirectory()) files(full, out);
    else out.add(rel);
  }
  return out;
}

export default function setup(): () => void {
  const before = files();
  return () => {
    const added = [...files()].filter((f) => !before.has(f));
    if (added.length > 0) {
      const shown = added.slice(0, 20).join('\n  ');
      throw new Error(
        `the tests left ${added.length} new file(s) in the checkout; write them under tmpDir():\n  ${shown}`,
      );
    }
  };
}
