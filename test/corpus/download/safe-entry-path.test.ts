import { describe, expect, it } from 'vitest';
import { safeEntryPath } from '../../../src/corpus/download/safe-entry-path.js';
import { InputError } from '../../../src/errors.js';

describe('safeEntryPath', () => {
  it('keeps ordinary names, normalising separators, "." and doubled slashes', () => {
    expect(safeEntryPath('scifact/corpus.jsonl')).toBe('scifact/corpus.jsonl');
    expect(safeEntryPath('scifact/qrels/')).toBe('scifact/qrels');
    expect(safeEntryPath('./a//b/./c.tsv')).toBe('a/b/c.tsv');
    expect(safeEntryPath('win\\style\\file.txt')).toBe('win/style/file.txt');
    // Dots inside a name are not a parent reference.
    expect(safeEntryPath('a/..hidden/b..c')).toBe('a/..hidden/b..c');
  });

  it('refuses every way out of the target folder (zip slip)', () => {
    const cases: [string, RegExp][] = [
      ['../evil', /"\.\.\/evil": a "\.\." segment/],
      ['a/../../evil', /a "\.\." segment/],
      ['a/..', /a "\.\." segment/],
      ['..\\evil', /a "\.\." segment/],
      ['/etc/passwd', /an absolute path/],
      ['\\\\host\\share\\x', /an absolute path/],
      ['C:\\Windows\\x', /an absolute path/],
      ['c:/x', /an absolute path/],
      ['a/\0b', /NUL byte/],
      ['./', /the name is empty/],
    ];
    for (const [name, why] of cases) {
      expect(() => safeEntryPath(name), name).toThrow(InputError);
      expect(() => safeEntryPath(name), name).toThrow(why);
    }
  });
});
