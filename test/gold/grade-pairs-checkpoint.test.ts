import { describe, expect, it } from 'vitest';
import { gradePairs, type GradedPair } from '../../src/gold/grade-pairs.js';
import { MAX_UNREADABLE_IN_A_ROW } from '../../src/llm/ask-each.js';
import type { ChatAsk, ChatClient } from '../../src/llm/chat-client.js';

/**
 * A chat client in memory whose answers the test releases one by one: the passage names the
 * document (`Passage:\nd3 ...`), and each ask waits until the test answers that document.
 */
function heldClient(concurrency: number) {
  const waiting = new Map<string, (content: string) => void>();
  const asked: string[] = [];
  const client: ChatClient = {
    model: 'm',
    endpoint: 'POST http://127.0.0.1:1/v1/chat/completions',
    concurrency,
    ask: ({ prompt }: ChatAsk) =>
      new Promise<string>((resolve) => {
        const doc = /^Passage:\n(\S+)/m.exec(prompt)![1]!;
        asked.push(doc);
        waiting.set(doc, resolve);
      }),
  };
  const answer = async (doc: string, content: string) => {
    while (!waiting.has(doc)) await new Promise((r) => setImmediate(r));
    waiting.get(doc)!(content);
    waiting.delete(doc);
  };
  return { client, answer, asked };
}

const texts = (docs: string[]) => ({
  queries: new Map([['q1', 'how to sync']]),
  passages: new Map(docs.map((d) => [d, `${d} body`])),
});
const pairs = (docs: string[]) => docs.map((docId) => ({ queryId: 'q1', docId }));
const settled = () => new Promise((r) => setImmediate(r));

describe('gradePairs hands each grade on as it arrives', () => {
  it('a grade is handed on while other pairs are still unanswered: what is paid for is kept', async () => {
    const docs = ['d1', 'd2', 'd3'];
    const { client, answer } = heldClient(3);
    const handed: GradedPair[] = [];
    const run = gradePairs(client, pairs(docs), texts(docs), {
      seed: 1,
      firstIsProbe: false,
      onGraded: async (g) => void handed.push(g),
    });
    await answer('d1', '{"grade": 2}');
    await answer('d3', '{"grade": 0}');
    await settled();
    // d2 is still unanswered, and d1 and d3 are handed on already, in order of arrival.
    expect(handed).toEqual([
      { queryId: 'q1', docId: 'd1', grade: 2 },
      { queryId: 'q1', docId: 'd3', grade: 0 },
    ]);
    await answer('d2', '{"grade": 3}');
    const result = await run;
    expect(handed.map((g) => g.docId)).toEqual(['d1', 'd3', 'd2']);
    expect(result.graded.map((g) => g.docId)).toEqual(['d1', 'd2', 'd3']);
  });

  it(`stops asking after ${MAX_UNREADABLE_IN_A_ROW} unreadable answers in a row; the rest fail as not asked`, async () => {
    const docs = Array.from({ length: 9 }, (_, i) => `d${i + 1}`);
    // One request at a time, so "in a row" is the order asked.
    const { client, answer, asked } = heldClient(1);
    const run = gradePairs(client, pairs(docs), texts(docs), { seed: 1, firstIsProbe: false });
    await answer('d1', '{"grade": 1}');
    for (const d of ['d2', 'd3', 'd4', 'd5', 'd6']) await answer(d, 'I think it is relevant');
    const result = await run;
    expect(asked).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6']);
    expect(result.stopped).toMatch(/^stopped after 5 unreadable answers in a row/);
    expect(result.graded.map((g) => g.docId)).toEqual(['d1']);
    const notAsked = result.failed.filter((f) => f.reason.startsWith('not asked: '));
    expect(notAsked.map((f) => f.docId)).toEqual(['d7', 'd8', 'd9']);
  });
});
