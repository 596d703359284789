import { createHash } from 'node:crypto';

/** The grades the judge gives, lowest and highest: UMBRELA's 0-3 scale. */
export const JUDGE_SCALE = [0, 3] as const;

/**
 * The relevance prompt, stored whole so its SHA-256 can be printed and kept in the note of every
 * grade it produced: grades from another prompt are another judge. Modelled on UMBRELA (Upadhyay
 * et al. 2024, an open reproduction of the prompt Bing uses for LLM relevance assessment): the
 * query, the passage, a 0-3 scale with one sentence per grade, and the instruction to weigh how
 * well the passage meets the query's likely intent before deciding. The answer is asked for as a
 * one-field JSON object, which parse-grade.ts reads; a bare digit is accepted too. `{{query}}`
 * and `{{passage}}` are filled in.
 */
export const JUDGE_PROMPT = `You are a search quality rater. Judge how relevant the passage is to the search query.

Grades:
3 = the passage is about the query and holds the exact answer to it.
2 = the passage holds an answer to the query, but the answer is partial, unclear or buried among unrelated text.
1 = the passage is on the query's topic but does not answer it.
0 = the passage has nothing to do with the query.

Think about what the person typing the query most likely wants, how well the passage gives them that, and whether the passage can be trusted; then decide on one grade.

Query: {{query}}
Passage:
{{passage}}

Reply with JSON only, in exactly this form: {"grade": N} where N is 0, 1, 2 or 3.`;

/** The hex SHA-256 of JUDGE_PROMPT (before it is filled in): printed, and recorded with each grade. */
export function judgePromptSha256(): string {
  return createHash('sha256').update(JUDGE_PROMPT, 'utf8').digest('hex');
}

/**
 * The prompt for one pair. Placeholders are filled in one pass, so a passage that itself holds
 * `{{query}}` is sent as written.
 */
export function fillJudgePrompt(values: { query: string; passage: string }): string {
  return JUDGE_PROMPT.replace(/\{\{(query|passage)\}\}/g, (_, name: 'query' | 'passage') => values[name]);
}
