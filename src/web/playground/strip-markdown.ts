/** A fence line of a code block: three or more backticks or tildes, an info string after them. */
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** A thematic break (`---`, `***`, `___`) or a setext heading's underline (`===`, `---`). */
const RULE = /^\s{0,3}(?:(?:[-*_]\s*){3,}|=+\s*)$/;
/** An ATX heading's marker, and the optional closing run of `#`. */
const HEADING_OPEN = /^\s{0,3}#{1,6}(?:\s+|$)/;
const HEADING_CLOSE = /\s+#+\s*$/;
const QUOTE = /^\s{0,3}(?:>\s?)+/;
/** A bullet of an unordered list; ordered lists keep their numbers, which say something. */
const BULLET = /^(\s*)[-*+]\s+/;
/** An inline code span: a run of backticks, the code, the same run again. */
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/**
 * A hit's text as a person reads it, with the Markdown syntax taken out: heading markers, block
 * quote markers, list bullets, code fences, thematic breaks, emphasis (`**b**`, `*i*`, `__b__`,
 * `_i_`, `~~s~~`), inline code backticks, and links and images (`[text](url)` → text,
 * `![alt](url)` → alt). Code (fenced blocks and inline spans) keeps its characters as written:
 * `a_b*c` inside backticks stays `a_b*c`. Underscores inside a word (`snake_case`) are not
 * emphasis and stay. Lines stay lines, so the query-term marks and the excerpt work on the text
 * shown.
 */
export function stripMarkdown(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const open = FENCE.exec(line);
    if (fence !== undefined) {
      if (open && open[1]![0] === fence[0] && open[1]!.length >= fence.length && line.trim() === open[1])
        fence = undefined;
      else out.push(line);
      continue;
    }
    if (open) {
      fence = open[1]!;
      continue;
    }
    if (RULE.test(line)) continue;
    let body = line.replace(QUOTE, '');
    if (HEADING_OPEN.test(body)) body = body.replace(HEADING_OPEN, '').replace(HEADING_CLOSE, '');
    body = body.replace(BULLET, '$1');
    out.push(inline(body));
  }
  return out.join('\n');
}

/** One line outside code blocks: code spans kept as written, the prose around them stripped. */
function inline(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(CODE_SPAN)) {
    out += prose(line.slice(last, m.index)) + spanContent(m[2]!);
    last = m.index + m[0].length;
  }
  return out + prose(line.slice(last));
}

/** CommonMark drops one space on each side of a code span's content when both are there. */
function spanContent(code: string): string {
  return code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '' ? code.slice(1, -1) : code;
}

function prose(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/(\*\*|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, '$1')
    .replace(/\*([^\s*](?:[^*]*?[^\s*])?)\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}_])_([^\s_](?:[^_]*?[^\s_])?)_(?![\p{L}\p{N}_])/gu, '$1');
}
