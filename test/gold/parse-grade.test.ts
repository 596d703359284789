import { describe, expect, it } from 'vitest';
import { parseGrade } from '../../src/gold/parse-grade.js';

describe('parseGrade', () => {
  it.each([
    ['{"grade": 2}', 2],
    ['{"grade":0}', 0],
    ['3', 3],
    [' 1\n', 1],
    ['Here it is:\n```json\n{"grade": 3}\n```', 3],
  ])('reads %j as grade %i', (content, grade) => {
    expect(parseGrade(content)).toEqual({ grade });
  });

  it.each([
    ['{"grade": 7}', 'grade 7 is outside 0-3'],
    ['-1', 'grade -1 is outside 0-3'],
    ['{"grade": 2.5}', 'the grade is not an integer: "2.5"'],
    ['{"grade": "2"}', 'the grade is not an integer: "\\"2\\""'],
    ['{"score": 2}', 'the answer is not {"grade": N}: "{\\"score\\": 2}"'],
    ['{"grade": 2', 'the answer holds no JSON: "{\\"grade\\": 2"'],
    ['{grade: 2}', `the answer's JSON does not parse: "{grade: 2}"`],
    ['The passage scores 2 out of 3.', 'the answer holds no JSON: "The passage scores 2 out of 3."'],
    ['', 'the answer holds no JSON: (empty)'],
  ])('refuses %j', (content, problem) => {
    expect(parseGrade(content)).toEqual({ problem });
  });
});
