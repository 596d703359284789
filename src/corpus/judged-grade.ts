/**
 * Whether a qrels grade is a judgement: any grade of 0 or more. trec_eval reads a negative grade
 * as "in the pool but not judged", so a pair with one is as much a hole as a pair with none.
 * The pool, judged@k and the condensed lists all draw the line here.
 */
export function isJudged(grade: number | undefined): boolean {
  return grade !== undefined && grade >= 0;
}
