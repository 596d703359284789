import { z } from 'zod';
import { normalizeQuestion } from './question-duplicates.js';

const Answer = z.union([z.object({ questions: z.array(z.string()) }), z.array(z.string())]);

/** Longer than this is not a search query but a model talking: the answer is refused. */
export const MAX_QUESTION_CHARS = 500;

/**
 * The questions in a model's answer to a question prompt, at most `max`, or why the answer is
 * refused. The prompt asks for `{"questions": [...]}`; models wrap JSON in code fences or a
 * sentence, so the text from the first `{` or `[` to the last `}` or `]` is read, and a bare
 * array is accepted too. Anything else (not JSON, not a list of strings, no question with a
 * word in it, a "question" of paragraph length) refuses the whole answer: a half-read answer
 * would put the model's commentary into the gold set as questions. Questions beyond `max` are
 * ignored; white space inside one is made single spaces.
 */
export function parseQuestions(content: string, max: number): { questions: string[] } | { problem: string } {
  const start = content.search(/[[{]/);
  const end = Math.max(content.lastIndexOf('}'), content.lastIndexOf(']'));
  if (start < 0 || end < start) return { problem: `the answer holds no JSON: ${excerpt(content)}` };
  let value: unknown;
  try {
    value = JSON.parse(content.slice(start, end + 1));
  } catch {
    return { problem: `the answer's JSON does not parse: ${excerpt(content)}` };
  }
  const parsed = Answer.safeParse(value);
  if (!parsed.success) return { problem: `the answer is not {"questions": [strings]}: ${excerpt(content)}` };
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.questions;
  const questions = list
    .map((q) => q.replace(/\s+/gu, ' ').trim())
    .filter((q) => normalizeQuestion(q) !== '')
    .slice(0, max);
  if (questions.length === 0) return { problem: 'the answer lists no question' };
  const long = questions.find((q) => q.length > MAX_QUESTION_CHARS);
  if (long !== undefined)
    return { problem: `a question is longer than ${MAX_QUESTION_CHARS} characters: ${excerpt(long)}` };
  return { questions };
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t === '' ? '(empty)' : JSON.stringify(t.length > 80 ? `${t.slice(0, 80)}…` : t);
}
