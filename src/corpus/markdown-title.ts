const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const FRONT_MATTER = '---';

/**
 * Finds the text of the first ATX heading (`# Title`, any level) in a markdown document, the
 * name a reader would give it. Lines inside fenced code blocks and YAML front matter are skipped,
 * since a shell comment or a YAML comment starts with `#` too.
 */
export function markdownTitle(markdown: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  let i = lines[0]?.trimEnd() === FRONT_MATTER ? skipFrontMatter(lines) : 0;
  let fence: string | undefined;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const title = ATX_HEADING.exec(line)?.[1]?.trim();
    if (title) return title;
  }
  return undefined;
}

function skipFrontMatter(lines: string[]): number {
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]?.trimEnd() === FRONT_MATTER) return i + 1;
  }
  return 0; // no closing line: it was a thematic break, not front matter
}
