import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError, NotFoundError } from '../../src/errors.js';
import { errorResponse } from '../../src/http/errors.js';
import { knownRoots, scrubMessage, shownAnswer, shownPath } from '../../src/http/shown-paths.js';

const tmp = os.tmpdir();
const corpora = path.join(tmp, 'srv-x', 'corpora');
const results = path.join(tmp, 'srv-x', 'results');
const roots = knownRoots({ corpora, results });

describe('scrubMessage', () => {
  it('names files under a served root from it, and cuts any other absolute path to its last segment', () => {
    expect(scrubMessage(`${corpora}/tiny/queries.jsonl (field "query_id"): unknown query id "x"`, roots)).toBe(
      'corpora/tiny/queries.jsonl (field "query_id"): unknown query id "x"',
    );
    expect(
      scrubMessage(`ELOOP: too many symbolic links encountered, stat '${corpora}/loopy/corpus.jsonl'`, roots),
    ).toBe("ELOOP: too many symbolic links encountered, stat 'corpora/loopy/corpus.jsonl'");
    expect(scrubMessage(`the corpora root (${corpora}) does not exist`, roots)).toBe(
      'the corpora root (corpora) does not exist',
    );
    expect(scrubMessage(`cannot open ${tmp}/elsewhere/model.onnx: gone; also file://${tmp}/w/x.mjs`, roots)).toBe(
      'cannot open model.onnx: gone; also x.mjs',
    );
    expect(scrubMessage(`${corpora}x/a.tsv:3: bad`, roots)).toBe('a.tsv:3: bad');
  });

  it('leaves routes, relative paths and URLs alone, and drops stack-trace lines', () => {
    const kept = 'POST /indexes expects Content-Type: application/json; see corpora/demo or https://example.org/a/b';
    expect(scrubMessage(kept, roots)).toBe(kept);
    expect(scrubMessage(`boom\n    at thing (${tmp}/src/x.ts:1:2)\n    at ${tmp}/y.js:3:4`, roots)).toBe('boom');
  });
});

describe('shownPath and shownAnswer', () => {
  it('writes a path relative to its root, "." for the root, the last segment outside every root', () => {
    expect(shownPath(path.join(corpora, 'tiny'), roots)).toBe('tiny');
    expect(shownPath(corpora, roots)).toBe('.');
    expect(shownPath('/srv/private/corpus', roots)).toBe('corpus');
    expect(shownPath('corpora/demo', roots)).toBe('corpora/demo');
  });

  it('rewrites path-named keys and messages only; query texts keep a leading slash', () => {
    const answer = shownAnswer(
      {
        request: { corpus: path.join(corpora, 'tiny') },
        output: path.join(results, 'web'),
        error: `not in ${corpora}/tiny/x.jsonl`,
        q: '/etc/hosts not found',
        notes: [`read ${corpora}/tiny`],
      },
      roots,
    );
    expect(answer).toEqual({
      request: { corpus: 'tiny' },
      output: 'web',
      error: 'not in corpora/tiny/x.jsonl',
      q: '/etc/hosts not found',
      notes: ['read corpora/tiny'],
    });
  });
});

describe('errorResponse', () => {
  const app = (err: unknown) => {
    const a = new Hono();
    a.get('/', () => {
      throw err;
    });
    a.onError((e, c) => errorResponse(e, c, { corpora }));
    return a;
  };

  it('scrubs 4xx messages', async () => {
    const res = await app(new NotFoundError(`qrels file not found: ${corpora}/tiny/qrels/dev.tsv`)).request('/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'qrels file not found: corpora/tiny/qrels/dev.tsv' },
    });
    const input = await app(new InputError('malformed', { file: path.join(tmp, 'a', 'b.jsonl'), line: 2 })).request(
      '/',
    );
    expect(((await input.json()) as { error: { message: string } }).error.message).toBe('b.jsonl:2: malformed');
  });

  it('answers every 5xx with "internal error" only, and logs the detail', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const err of [
        new Error(`EIO reading ${corpora}/tiny/corpus.jsonl`),
        new HTTPException(503, { message: `busy at ${tmp}` }),
        new TypeError("Cannot read properties of undefined (reading 'x')"),
      ]) {
        const res = await app(err).request('/');
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(await res.json()).toEqual({ error: { code: 'internal', message: 'internal error' } });
      }
      expect(log).toHaveBeenCalledTimes(3);
    } finally {
      log.mockRestore();
    }
  });
});
