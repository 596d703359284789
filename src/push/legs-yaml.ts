import type { LegSnippet } from './push-target.js';

/**
 * Legs as an experiment's `legs:` list in YAML flow style, one leg a line (a map value, the
 * headers, as a nested flow map). Values that YAML
 * would read as something other than the string they are (a URL's `:` followed by a space
 * cannot occur, but `_id`, names with `#` or a leading digit can) are double-quoted.
 */
export function legsYaml(legs: LegSnippet[]): string {
  return (
    ['legs:', ...legs.map((leg) => `  - { ${leg.map(([k, v]) => `${k}: ${yamlValue(v)}`).join(', ')} }`)].join('\n') +
    '\n'
  );
}

function yamlValue(v: LegSnippet[number][1]): string {
  if (typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${yamlScalar(k)}: ${yamlScalar(x)}`)
      .join(', ')} }`;
  return yamlScalar(v);
}

function yamlScalar(v: string | number | boolean): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return /^[A-Za-z_][A-Za-z0-9_.\-/]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(v)
    ? v
    : JSON.stringify(v);
}
