import { createHash } from 'node:crypto';

/** How a generated question is asked for: see QUESTION_PROMPTS. */
export const QUESTION_STYLES = ['unread', 'plain'] as const;
export type QuestionStyle = (typeof QUESTION_STYLES)[number];

/**
 * The prompts, stored whole so each can be hashed and the hash recorded with every question it
 * produced: a gold set made with another prompt is another gold set. `unread` asks for what a
 * user who has not read the document would type: questions written while reading a passage reuse
 * its words, and a lexical retriever then finds the passage by those words, so such a set
 * flatters retrieval (BM25 most). `plain` asks for a question the passage answers, the usual
 * generator prompt, so the two can be compared. `{{n}}`, `{{title}}` and `{{passage}}` are filled
 * in; the answer is asked for as JSON, which parse-questions.ts reads.
 */
export const QUESTION_PROMPTS: Readonly<Record<QuestionStyle, string>> = {
  unread: `You help to test a search engine. Below is one document from the collection it searches.

Write {{n}} question(s) that a person who has NOT read this document would type into the search box when they need what it offers. That person does not know how the document is worded: they describe their situation or goal in everyday words, briefly, the way people really search. Do not copy phrases, headings, names of settings or identifiers from the document, unless such a person would already know them and type them (a product name, an error message they saw on screen). The document must answer each question. Make the questions differ from one another.

Reply with JSON only, in exactly this form: {"questions": ["first question", "second question"]}

Title: {{title}}
Document:
{{passage}}`,
  plain: `Below is a passage from a document collection.

Write {{n}} question(s) that this passage answers. Make the questions differ from one another.

Reply with JSON only, in exactly this form: {"questions": ["first question", "second question"]}

Title: {{title}}
Passage:
{{passage}}`,
};

/** The hex SHA-256 of a style's stored prompt (before it is filled in): recorded with each question. */
export function promptSha256(style: QuestionStyle): string {
  return createHash('sha256').update(QUESTION_PROMPTS[style], 'utf8').digest('hex');
}

/**
 * The prompt for one document. Placeholders are filled in one pass, so a passage that itself
 * contains `{{n}}` is sent as written.
 */
export function fillPrompt(style: QuestionStyle, values: { n: number; title: string; passage: string }): string {
  return QUESTION_PROMPTS[style].replace(/\{\{(n|title|passage)\}\}/g, (_, name: 'n' | 'title' | 'passage') =>
    String(values[name]),
  );
}
