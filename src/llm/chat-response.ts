import { z } from 'zod';

/**
 * The part of an OpenAI-style chat completion we read: the first choice's message text. Other
 * fields (usage, ids, a second choice) vary between servers and are ignored. `content` may be
 * null (a refusal, a tool call), which is an answer without text.
 */
const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/**
 * The text of a chat completion's first choice, or a problem to report: a body of another shape,
 * or an answer with no text. Returns instead of throwing, so the caller can name itself, the
 * endpoint and the item it asked about.
 */
export function readChatContent(body: unknown): { content: string } | { problem: string } {
  const parsed = ChatCompletion.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length === 0 ? 'the answer' : issue.path.join('.');
    return { problem: `not a chat completion: ${at}: ${issue.message}` };
  }
  const content = parsed.data.choices[0]!.message.content;
  if (content === null || content === undefined || content.trim() === '')
    return { problem: 'the answer is empty (choices[0].message.content has no text)' };
  return { content };
}
