import { trimSpan, type Span } from './span.js';

/** What a block is decides how it may be cut and packed. */
export type BlockKind = 'heading' | 'text' | 'code';

/** A trimmed run of markdown: one ATX heading line, one paragraph, or one fenced code block. */
export interface Block extends Span {
  kind: BlockKind;
}

const BLANK = /^\s*$/;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits markdown into blocks: ATX heading lines, paragraphs (ended by a blank line, a heading
 * or a fence) and fenced code blocks (from the opening fence to a closing fence of the same
 * character and at least the same length, or to the end of the text). Blank lines inside a
 * fence do not end it. Every non-whitespace character lands in exactly one block.
 */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let open: { kind: 'text' | 'code'; start: number; end: number } | undefined;
  let fence: string | undefined;
  const close = () => {
    if (!open) return;
    const span = trimSpan(text, open.start, open.end);
    if (span.end > span.start) blocks.push({ kind: open.kind, ...span });
    open = undefined;
  };

  for (let pos = 0; pos <= text.length; ) {
    const newline = text.indexOf('\n', pos);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(pos, lineEnd);
    if (fence !== undefined && open) {
      open.end = lineEnd;
      if (closesFence(line, fence)) {
        close();
        fence = undefined;
      }
    } else if (BLANK.test(line)) {
      close();
    } else if (FENCE_OPEN.test(line)) {
      close();
      fence = FENCE_OPEN.exec(line)![1]!;
      open = { kind: 'code', start: pos, end: lineEnd };
    } else if (HEADING.test(line)) {
      close();
      blocks.push({ kind: 'heading', ...trimSpan(text, pos, lineEnd) });
    } else if (open) {
      open.end = lineEnd;
    } else {
      open = { kind: 'text', start: pos, end: lineEnd };
    }
    pos = lineEnd + 1;
  }
  close();
  return blocks;
}

/** A closing fence: only the fence character, at least as many as opened, then whitespace. */
function closesFence(line: string, fence: string): boolean {
  const m = /^ {0,3}(`+|~+)\s*$/.exec(line);
  return m !== null && m[1]![0] === fence[0] && m[1]!.length >= fence.length;
}
