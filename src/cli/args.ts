import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../errors.js';
import { closestName } from '../did-you-mean.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, with its errors turned into InputError. */
export function parse<O extends Options>(argv: string[], options: O) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  try {
    return parseArgs({ args: argv, options: all, allowPositionals: true, strict: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw unknownOption(argv, all);
    throw new InputError((err as Error).message);
  }
}

/**
 * Names the first unknown flag and the known one it is likely a typo of. Node's own message
 * names it too, but suggests nothing; a lenient re-parse tells which token it was.
 */
function unknownOption(argv: string[], options: Options): InputError {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  const shorts = Object.values(options).flatMap((o) => (o.short ? [o.short] : []));
  const unknown = tokens.find(
    (t) => t.kind === 'option' && (t.rawName.startsWith('--') ? !(t.name in options) : !shorts.includes(t.name)),
  );
  if (unknown?.kind !== 'option') return new InputError('unknown option'); // parseArgs disagrees with itself: not expected
  const long = unknown.rawName.startsWith('--');
  const guess = closestName(unknown.name, long ? Object.keys(options) : shorts);
  if (guess) return new InputError(`unknown option "${unknown.rawName}"; did you mean "${long ? '--' : '-'}${guess}"?`);
  // `-foo` meant as a query reads as the flags -f -o -o: say how to pass it as a value.
  const arg = argv[unknown.index] ?? unknown.rawName;
  const grouped = arg !== unknown.rawName && !arg.startsWith(unknown.rawName + '=');
  return new UnknownOptionError(
    `unknown option "${unknown.rawName}"${grouped ? ` in "${arg}"` : ''}; --help lists the options ` +
      `(a value that starts with "-" goes after --, as in: -- ${JSON.stringify(arg)})`,
    long ? unknown.rawName : undefined,
  );
}

/**
 * An unknown flag with no close name among this command's: main.ts asks which other commands
 * have it (`longOption`, a `--` flag) before printing the message.
 */
export class UnknownOptionError extends InputError {
  constructor(
    message: string,
    readonly longOption: string | undefined,
  ) {
    super(message);
  }
}

export function intOption(name: string, value: string | undefined, fallback: number, min = 1, max = 1_000_000): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new InputError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new InputError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

export function positional(positionals: string[], index: number, what: string, usage: string): string {
  const v = positionals[index];
  if (v === undefined) throw new InputError(`missing ${what}\n\n${usage}`);
  return v;
}
