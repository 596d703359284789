/** The grades offered, TREC style: what each means to the judge, in the words shown on the button. */
export const JUDGE_GRADES = [
  [0, 'not relevant', 'nothing to do with the question'],
  [1, 'related', 'on the topic, but does not answer it'],
  [2, 'relevant', 'answers it in part, or among other matters'],
  [3, 'highly relevant', 'about exactly this, and answers it'],
] as const;
