/**
 * Work a chunker does on its text, counted rather than timed: characters of every string that a
 * String.prototype method returns (slice, substring, split, replace, ...) plus every
 * RegExp.prototype.exec call (which match, matchAll, replace and split with a regex go through).
 * A linear chunker's count grows 10x when its input grows 10x; cutting the remainder off a text
 * step by step (`rest = rest.slice(n)`) grows it 100x. Unlike a stopwatch, the count is the same on
 * an idle machine and on one running two other CPU-bound jobs.
 *
 * The methods are patched only for the duration of `run`, which is synchronous, so nothing else in
 * the worker runs while they are.
 */
const STRING_METHODS = [
  'slice',
  'substring',
  'substr',
  'split',
  'match',
  'replace',
  'replaceAll',
  'trim',
  'trimStart',
  'trimEnd',
  'toLowerCase',
  'toUpperCase',
  'normalize',
  'charAt',
  'at',
] as const;

export function stringWork(run: () => void): number {
  const proto = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map(STRING_METHODS.map((name) => [name, proto[name]!]));
  const exec = RegExp.prototype.exec;
  let work = 0;
  for (const [name, original] of originals) {
    proto[name] = function (this: string, ...args: unknown[]) {
      const out = original.apply(this, args);
      if (typeof out === 'string') work += out.length;
      else if (Array.isArray(out)) for (const part of out) work += typeof part === 'string' ? part.length : 0;
      return out;
    };
  }
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    work += 1;
    return exec.call(this, text);
  };
  try {
    run();
  } finally {
    for (const [name, original] of originals) proto[name] = original;
    RegExp.prototype.exec = exec;
  }
  return work;
}
