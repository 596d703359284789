const MAX_SHOWN = 60;

const BY_TYPE: Record<string, (value: unknown) => string> = {
  string: (value) => `string ${shorten(JSON.stringify(value))}`,
  number: (value) => `number ${String(value)}`,
  boolean: (value) => `boolean ${String(value)}`,
  object: (value) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object'),
  undefined: () => 'nothing',
};

/** Names a JSON value's type and (for scalars) the value itself, for "expected X, got Y" messages. */
export function describeValue(value: unknown): string {
  return BY_TYPE[typeof value]?.(value) ?? typeof value;
}

/** True for a JSON object: not null and not an array, which `typeof` would also call "object". */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `text` cut to 60 characters with an ellipsis: enough to recognise a value in an error. */
export function shorten(text: string): string {
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 1)}…`;
}
