import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { loadInterleavings, parseInterleavings } from '../../src/serving/interleavings/interleave-config.js';
import { tmpDir } from '../helpers/tmp.js';

/** The InputError parsing `source` throws, failing the test when it parses. */
function refusal(source: string): InputError {
  try {
    parseInterleavings(source, 'il.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('parsed without an error');
}

const TWO_ARMS = `interleavings:
  - name: bm25-vs-dense
    index: cacm
    method: team-draft
    arms: { bm25: bm25, dense: dense }
`;

describe('the --interleave file', () => {
  it("reads the issue's example: shorthand arms become { mode }, in the file's order, share 1 by default", () => {
    expect(parseInterleavings(TWO_ARMS)).toEqual([
      {
        name: 'bm25-vs-dense',
        index: 'cacm',
        method: 'team-draft',
        arms: [
          { name: 'bm25', params: { mode: 'bm25' } },
          { name: 'dense', params: { mode: 'dense' } },
        ],
        share: 1,
      },
    ]);
  });

  it('takes pipeline objects as POST /search does, and a share', () => {
    const [il] = parseInterleavings(`interleavings:
  - name: three
    index: cacm
    method: team-draft-multileave
    share: 0.25
    arms:
      fts: { legs: [{ type: lexical, engine: fts5 }] }
      hybrid: { mode: hybrid, alpha: 0.3 }
      dense: dense
`);
    expect(il!.share).toBe(0.25);
    expect(il!.arms.map((a) => a.name)).toEqual(['fts', 'hybrid', 'dense']);
    expect(il!.arms[0]!.params).toEqual({ legs: [{ type: 'lexical', engine: 'fts5' }] });
  });

  it('names the file and line of an unknown mode', () => {
    const err = refusal(TWO_ARMS.replace('dense: dense', 'dense: dnse'));
    expect(err.message).toMatch(/^il\.yaml:5 \(field "interleavings\.0\.arms\.dense"\): unknown mode "dnse"/);
  });

  it('names the line of a bad leg inside a pipeline arm, as a search request would refuse it', () => {
    const err = refusal(`interleavings:
  - name: x
    index: cacm
    method: team-draft
    arms:
      a: bm25
      b:
        legs:
          - type: lexical
            engine: nope
`);
    expect(err.where.file).toBe('il.yaml');
    expect(err.where.line).toBe(10);
    expect(err.where.field).toBe('interleavings.0.arms.b.legs.0.engine');
  });

  it("refuses k, level and index in an arm: they are the search's", () => {
    const err = refusal(TWO_ARMS.replace('dense: dense', 'dense: { mode: dense, k: 5 }'));
    expect(err.where.line).toBe(5);
    expect(err.detail).toMatch(/k is the search's, not an arm's/);
  });

  it('counts the arms against the method', () => {
    expect(refusal(TWO_ARMS.replace('team-draft', 'team-draft-multileave')).detail).toMatch(
      /three or more arms \(got 2\); for two use team-draft/,
    );
    const three = TWO_ARMS.replace('{ bm25: bm25, dense: dense }', '{ a: bm25, b: dense, c: hybrid }');
    const err = refusal(three.replace('team-draft', 'balanced'));
    expect(err.detail).toMatch(/balanced compares two arms \(got 3\)/);
    expect(err.where.line).toBe(5);
  });

  it('refuses a second interleaving of the same name at its line, a share out of (0, 1] and unknown keys', () => {
    const twice = `${TWO_ARMS}${TWO_ARMS.split('\n').slice(1).join('\n')}`;
    const dup = refusal(twice);
    expect(dup.where.line).toBe(6);
    expect(dup.detail).toMatch(/a second interleaving named "bm25-vs-dense"/);
    expect(refusal(`${TWO_ARMS}    share: 1.5\n`).detail).toMatch(
      /share is a fraction of the searches, in \(0, 1\]; got 1\.5/,
    );
    const typo = refusal(TWO_ARMS.replace('method:', 'mehtod:'));
    expect(typo.where.line).toBe(4);
    expect(typo.detail).toMatch(/unknown key "mehtod"/);
  });

  it('says invalid YAML at its line, and what a file that is no mapping must be', () => {
    expect(refusal('interleavings: [\n').message).toMatch(/^il\.yaml:\d+: invalid YAML/);
    expect(refusal('- a\n').message).toBe('il.yaml:1: an interleave file must be a YAML mapping');
  });

  it('reads a file, and names one that cannot be read', () => {
    const dir = tmpDir('interleave-config-');
    const file = path.join(dir, 'il.yaml');
    fs.writeFileSync(file, TWO_ARMS);
    expect(loadInterleavings(file)[0]!.name).toBe('bm25-vs-dense');
    expect(() => loadInterleavings(path.join(dir, 'missing.yaml'))).toThrow(
      /cannot read the interleave file .*missing\.yaml: ENOENT/,
    );
  });
});
