import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDoc, ROOT } from './markdown.js';

/** Type declarations of untyped packages: not a stage of the pipeline, so not in the map. */
const NOT_MAPPED = new Set(['types']);

/** The folders the README's map names, in its order: the first code block under "## The map of src/". */
function mappedFolders(readme: string): string[] {
  const section = readme.indexOf('\n## The map of src/\n');
  expect(section, 'README.md has no "## The map of src/" section').toBeGreaterThan(-1);
  const block = /^```\n([\s\S]*?)^```$/m.exec(readme.slice(section));
  expect(block, 'the map section has no code block').not.toBeNull();
  return block![1]!
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = /^([a-z0-9][a-z0-9-]*)\/ {2,}\S/.exec(line);
      expect(entry, `not a "folder/  what it holds" line of the map: ${line}`).not.toBeNull();
      return entry![1]!;
    });
}

describe("the README's map of src/", () => {
  it('lists every folder of src/ exactly once, and nothing else', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_MAPPED.has(entry.name))
      .map((entry) => entry.name);
    const mapped = mappedFolders(readDoc('README.md'));
    expect({
      missing: folders.filter((f) => !mapped.includes(f)),
      notInSrc: mapped.filter((f) => !folders.includes(f)),
      repeated: mapped.filter((f, i) => mapped.indexOf(f) !== i),
    }).toEqual({ missing: [], notInSrc: [], repeated: [] });
  });
});
