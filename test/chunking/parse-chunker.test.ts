import { describe, expect, it } from 'vitest';
import { parseChunker } from '../../src/chunking/index.js';
import { InputError } from '../../src/errors.js';
import { doc } from './helpers.js';

describe('parseChunker', () => {
  it.each([
    ['doc', 'doc'],
    ['words:200', 'words:200:0'],
    ['words:200:50', 'words:200:50'],
    ['words:007:01', 'words:7:1'],
    ['words:1:0', 'words:1:0'],
    ['sentences:5', 'sentences:5:0'],
    ['sentences:5:4', 'sentences:5:4'],
    ['structure:300', 'structure:300'],
  ])('reads %s as %s', (spec, normalised) => {
    expect(parseChunker(spec).spec).toBe(normalised);
  });

  it('builds the chunker the spec names', () => {
    const text = 'One. Two three four. Five.';
    const texts = (spec: string) =>
      parseChunker(spec)
        .chunk(doc(text))
        .map((c) => c.text);
    expect(texts('doc')).toEqual([text]);
    expect(texts('words:2:1')).toEqual(['One. Two', 'Two three', 'three four.', 'four. Five.']);
    expect(texts('sentences:2')).toEqual(['One. Two three four.', 'Five.']);
    expect(texts('structure:4')).toEqual(['One. Two three four.', 'Five.']);
  });

  it.each([
    ['', 'unknown kind ""'],
    ['paragraphs:3', 'unknown kind "paragraphs"'],
    ['Words:5', 'unknown kind "Words"'],
    [' words:5', 'unknown kind " words"'],
    ['doc:1', 'doc takes no parameters'],
    ['words', 'words takes SIZE[:OVERLAP]'],
    ['words:5:1:1', 'words takes SIZE[:OVERLAP]'],
    ['structure', 'structure takes MAX'],
    ['structure:5:1', 'structure takes MAX'],
    ['sentences', 'sentences takes N[:OVERLAP]'],
    ['words:', 'SIZE must be a whole number, got ""'],
    ['words:5:', 'OVERLAP must be a whole number, got ""'],
    ['words:-1', 'SIZE must be a whole number'],
    ['words:1.5', 'SIZE must be a whole number'],
    ['words:1e3', 'SIZE must be a whole number'],
    ['words: 5', 'SIZE must be a whole number'],
    ['words:0x10', 'SIZE must be a whole number'],
    ['words:99999999999999999999', 'SIZE is too large'],
    ['words:0', 'SIZE must be at least 1'],
    ['words:5:5', 'OVERLAP (5) must be less than SIZE (5)'],
    ['words:5:9', 'OVERLAP (9) must be less than SIZE (5)'],
    ['sentences:0', 'N must be at least 1'],
    ['sentences:3:3', 'OVERLAP (3) must be less than N (3)'],
    ['structure:0', 'MAX must be at least 1'],
    ['structure:x', 'MAX must be a whole number'],
  ])('rejects %j: %s', (spec, why) => {
    let error: unknown;
    try {
      parseChunker(spec);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as InputError).message;
    expect(message).toContain(`"${spec}"`);
    expect(message).toContain(why);
    for (const form of ['doc', 'words:SIZE[:OVERLAP]', 'sentences:N[:OVERLAP]', 'structure:MAX']) {
      expect(message).toContain(form);
    }
  });
});
