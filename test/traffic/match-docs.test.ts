import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { MAX_EXAMPLES } from '../../src/traffic/dropped.js';
import { matchDocs, SHARED_KEY, UNMATCHED_DOCUMENT } from '../../src/traffic/match-docs.js';
import type { LoggedEvent, LoggedSearch, Traffic } from '../../src/traffic/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir('testbed-match-');
const LOG = 'log.jsonl';

function corpus(docs: unknown[]): string {
  const file = path.join(root, `corpus-${Math.random().toString(36).slice(2)}.jsonl`);
  fs.writeFileSync(file, docs.map((d) => JSON.stringify(d) + '\n').join(''));
  return file;
}

const search = (queryId: string, hitIds: (string | undefined)[], line: number): LoggedSearch => ({
  queryId,
  userQuery: queryId,
  hitIds,
  from: { file: LOG, line },
});
const click = (queryId: string, objectId: string, ordinal: number, line: number): LoggedEvent => ({
  queryId,
  action: 'click',
  objectId,
  ordinal,
  from: { file: LOG, line },
});

describe('matchDocs', () => {
  it('matches by metadata.url, leaves a hole for an unmatched hit, drops unmatched clicks, and shows the first ten', async () => {
    const file = corpus([
      { _id: 'a', text: 'A', metadata: { url: 'https://x/a' } },
      { _id: 'b', text: 'B', metadata: { url: ['https://x/b', 'https://x/b-old'] } },
      { _id: 'c', text: 'C' },
    ]);
    // Twelve distinct unknown URLs, the first one seen twice: 13 unmatched, ten shown.
    const unknown = Array.from({ length: 12 }, (_, i) => `https://y/${i}`);
    const traffic: Traffic = {
      searches: [search('q1', ['https://x/a', unknown[0], 'https://x/b-old'], 1)],
      events: [
        click('q1', 'https://x/b#section-2', 3, 2),
        click('q1', unknown[0]!, 2, 3),
        ...unknown.slice(1).map((u, i) => click('q1', u, 1, 4 + i)),
      ],
      dropped: [{ reason: 'earlier', count: 1, examples: ['log.jsonl:9: x'] }],
    };
    const matched = await matchDocs(traffic, { corpus: file, docKey: 'metadata.url' });
    expect(matched.searches[0]!.hitIds).toEqual(['a', undefined, 'b']);
    expect(matched.events.map((e) => [e.objectId, e.ordinal])).toEqual([['b', 3]]);
    const shown = [
      `${LOG}:1: "${unknown[0]}"`,
      ...unknown.slice(1, MAX_EXAMPLES).map((u, i) => `${LOG}:${4 + i}: "${u}"`),
    ];
    expect(matched.dropped).toEqual([
      { reason: 'earlier', count: 1, examples: ['log.jsonl:9: x'] },
      { reason: UNMATCHED_DOCUMENT, count: 1 + 1 + 11, examples: shown },
    ]);
    // The Traffic given is left as it was.
    expect(traffic.searches[0]!.hitIds).toEqual(['https://x/a', unknown[0], 'https://x/b-old']);
  });

  it('matches by document id in a BEIR folder, taking DOCID#N chunk ids as their document', async () => {
    const traffic: Traffic = {
      searches: [search('q1', ['install-linux#2', 'install-mac', 'gone#1'], 1)],
      events: [click('q1', 'install-linux#0', 1, 2)],
      dropped: [],
    };
    const matched = await matchDocs(traffic, { corpus: TINY_BEIR });
    expect(matched.searches[0]!.hitIds).toEqual(['install-linux', 'install-mac', undefined]);
    expect(matched.events[0]!.objectId).toBe('install-linux');
    expect(matched.dropped).toEqual([{ reason: UNMATCHED_DOCUMENT, count: 1, examples: [`${LOG}:1: "gone#1"`] }]);
  });

  it('reports a key two documents share, and refuses a key no document has', async () => {
    const file = corpus([
      { _id: 'a', text: 'A', url: 'https://x/same' },
      { _id: 'b', text: 'B', url: 'https://x/same' },
    ]);
    const matched = await matchDocs(
      { searches: [search('q', ['https://x/same'], 1)], events: [], dropped: [] },
      {
        corpus: file,
        docKey: 'url',
      },
    );
    expect(matched.searches[0]!.hitIds).toEqual(['a']);
    expect(matched.dropped).toEqual([{ reason: SHARED_KEY, count: 1, examples: ['"https://x/same": a, b'] }]);
    await expect(
      matchDocs({ searches: [], events: [], dropped: [] }, { corpus: file, docKey: 'metadata.link' }),
    ).rejects.toThrow(InputError);
  });
});
