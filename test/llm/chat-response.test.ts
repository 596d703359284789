import { describe, expect, it } from 'vitest';
import { readChatContent } from '../../src/llm/chat-response.js';

const completion = (content: unknown) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] });

describe('readChatContent', () => {
  it("reads the first choice's message text and ignores the rest", () => {
    const body = { ...completion('{"questions": ["a"]}'), usage: { total_tokens: 3 } };
    body.choices.push({ index: 1, message: { role: 'assistant', content: 'second' } });
    expect(readChatContent(body)).toEqual({ content: '{"questions": ["a"]}' });
  });

  it.each([
    [undefined, /not a chat completion: the answer/],
    [{ data: [] }, /not a chat completion: choices/],
    [{ choices: [] }, /not a chat completion: choices/],
    [{ choices: [{ text: 'completion API' }] }, /not a chat completion: choices\.0\.message/],
    [completion(42), /not a chat completion: choices\.0\.message\.content/],
  ])('refuses %j as not a chat completion', (body, problem) => {
    const read = readChatContent(body);
    expect('problem' in read && read.problem).toMatch(problem);
  });

  it.each([[''], ['  \n '], [null]])('calls content %j an empty answer', (content) => {
    expect(readChatContent(completion(content))).toEqual({
      problem: 'the answer is empty (choices[0].message.content has no text)',
    });
  });
});
