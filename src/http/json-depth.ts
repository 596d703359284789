import { MAX_TEMPLATE_DEPTH } from '../remote/template.js';

/**
 * How deep a JSON body may nest arrays and objects. Every body this API takes is a few levels
 * deep (an experiment's grid, an event's attributes); far deeper ones serve only to make the
 * code that walks them (validation, JSON.stringify when a record is written) recurse until the
 * stack runs out. Jackson's StreamReadConstraints (which Elasticsearch uses) caps nesting the
 * same way, at parse, before anything walks the value. The deepest legitimate body carries a
 * leg's body template, which may itself nest MAX_TEMPLATE_DEPTH levels: the limit leaves room
 * for the request around it (a search, a pipeline in an experiment's grid), so every template
 * the leg accepts also gets through the body check.
 */
export const MAX_JSON_DEPTH = MAX_TEMPLATE_DEPTH + 16;

/**
 * The deepest nesting of `[` and `{` in a JSON text, counted outside strings, stopping as soon
 * as it passes `limit` (so a hostile body costs one pass over its first bytes, not a parse). A
 * text that is not valid JSON gets some number here; JSON.parse refuses it afterwards.
 */
export function jsonDepthOver(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > limit) return depth;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return undefined;
}
