import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS, parseQuestions } from '../../src/gold/parse-questions.js';

describe('parseQuestions', () => {
  it.each([
    ['{"questions": ["how do I pay?", "why was I charged twice?"]}'],
    ['Sure, here they are:\n```json\n{"questions": ["how do I pay?", "why was I charged twice?"]}\n```'],
    ['["how do I pay?", "why was I charged twice?"]'],
    ['{"questions": ["how do I\\n  pay?", "why was I charged twice?", "a third one beyond max"]}'],
  ])('reads %j', (content) => {
    expect(parseQuestions(content, 2)).toEqual({ questions: ['how do I pay?', 'why was I charged twice?'] });
  });

  it('drops entries without a word and keeps fewer than asked for', () => {
    expect(parseQuestions('{"questions": ["", "?", "what is it"]}', 3)).toEqual({ questions: ['what is it'] });
  });

  it.each([
    ['1. how do I pay?\n2. why charged twice?', /holds no JSON/],
    ['{"questions": ["how do I pay?",}', /JSON does not parse/],
    ['{"question": "how do I pay?"}', /not \{"questions": \[strings\]\}/],
    ['{"questions": [1, 2]}', /not \{"questions": \[strings\]\}/],
    ['{"questions": []}', /lists no question/],
    [`{"questions": ["${'why '.repeat(MAX_QUESTION_CHARS)}"]}`, /longer than 500 characters/],
  ])('refuses %j', (content, problem) => {
    const read = parseQuestions(content, 2);
    expect('problem' in read && read.problem).toMatch(problem);
  });
});
