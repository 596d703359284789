import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import { describeValue } from '../corpus/describe-value.js';

/** Longest question kept: a question, not a document; the bound keeps its line one small write. */
export const MAX_QUESTION_LENGTH = 2000;

/**
 * The question as stored: trimmed, every run of whitespace (line breaks too) made one space,
 * because a query is one line of text and a line break would only differ in how it looks.
 * Empty or longer than MAX_QUESTION_LENGTH is an InputError naming `text`.
 */
export function checkQuestion(value: unknown): string {
  if (typeof value !== 'string')
    throw new InputError(`text must be a string, got ${describeValue(value)}`, { field: 'text' });
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '') throw new InputError('text must be a question, got only whitespace', { field: 'text' });
  if (text.length > MAX_QUESTION_LENGTH) {
    throw new InputError(`text must be at most ${MAX_QUESTION_LENGTH} characters, got ${text.length}`, {
      field: 'text',
    });
  }
  return text;
}

/** What two questions must share to be the same question: lower case, whitespace collapsed. */
export function questionKey(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, ' ');
}

/**
 * The id of a written question: `exp-` and the first 12 hex digits of the SHA-256 of its
 * questionKey. Deterministic, so the same question typed twice (by two experts, or twice by
 * one) gets the same id and is caught instead of splitting its judgements over two queries.
 */
export function expertQueryId(text: string): string {
  return `exp-${createHash('sha256').update(questionKey(text), 'utf8').digest('hex').slice(0, 12)}`;
}
