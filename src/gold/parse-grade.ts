import { JUDGE_SCALE } from './judge-prompt.js';

/**
 * The grade in a model's answer to the judge prompt, or why the answer is refused. Read: the
 * JSON asked for (`{"grade": 2}`, also when wrapped in a code fence or a sentence), or an answer
 * that is nothing but one integer (`2`, as UMBRELA's own prompt asks for). Anything else is
 * refused rather than guessed at: a digit picked out of a sentence could be a count or a step
 * number, and a wrong grade written to the gold set is worse than a counted failure. A grade
 * outside 0-3 is refused too, naming the grade.
 */
export function parseGrade(content: string): { grade: number } | { problem: string } {
  const text = content.trim();
  let value: unknown;
  if (/^[+-]?\d+$/.test(text)) value = Number(text);
  else {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end < start) return { problem: `the answer holds no JSON: ${excerpt(text)}` };
    try {
      value = (JSON.parse(text.slice(start, end + 1)) as { grade?: unknown }).grade;
    } catch {
      return { problem: `the answer's JSON does not parse: ${excerpt(text)}` };
    }
    if (value === undefined) return { problem: `the answer is not {"grade": N}: ${excerpt(text)}` };
  }
  if (typeof value !== 'number' || !Number.isInteger(value))
    return { problem: `the grade is not an integer: ${excerpt(JSON.stringify(value) ?? String(value))}` };
  const [low, high] = JUDGE_SCALE;
  if (value < low || value > high) return { problem: `grade ${value} is outside ${low}-${high}` };
  return { grade: value };
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t === '' ? '(empty)' : JSON.stringify(t.length > 80 ? `${t.slice(0, 80)}…` : t);
}
