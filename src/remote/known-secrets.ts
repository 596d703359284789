/**
 * Every secret value this process knows, so an error body that echoes one (an upstream quoting
 * the key it was sent, a driver quoting a password) has it cut out before the text is stored or
 * printed. Two sources: values the code hands over as it meets them (a header value resolved
 * from `${env:}`, a header written out in a config, the server's token), and the environment's
 * credential-named variables (OPENAI_API_KEY, TESTBED_TOKEN, PGPASSWORD, ...), read at each
 * scrub so a variable set later counts too.
 */
const remembered = new Set<string>();

/**
 * Shorter values are left alone: cutting every "abc" out of a message would hide more than a
 * secret (the same floor the per-request scrub in remote-client.ts uses).
 */
const MIN_REMEMBERED_CHARS = 4;

/**
 * The environment's secret variables by name: KEY, TOKEN, SECRET, PASSWORD, PASSWD or
 * CREDENTIALS as a word of it. Names ending in a word that says the value is not the secret
 * itself (TESTBED_OPENAI_KEY_VAR names a variable, ..._KEY_FILE a path, ..._KEY_HEADER a header
 * name, ..._KEY_ORIGIN an origin) are not secrets.
 */
const SECRET_VARIABLE = /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:_|$)/i;
const NOT_A_SECRET_VARIABLE = /_(?:VAR|ENV|FILE|PATH|HEADER|ORIGIN|URL|DIR)$/i;

/**
 * A variable's value counts from 8 characters without white space: what a key or a token looks
 * like, where a short or spaced value (`1`, `true`, a sentence) would hide ordinary words.
 */
const MIN_ENV_SECRET_CHARS = 8;

/** Remembers `value` as a secret for scrubSecrets (values under MIN_REMEMBERED_CHARS are ignored). */
export function rememberSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= MIN_REMEMBERED_CHARS) remembered.add(value);
}

/** The secret values of the environment (SECRET_VARIABLE names), for scrubSecrets. */
function environmentSecrets(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value !== undefined &&
    SECRET_VARIABLE.test(name) &&
    !NOT_A_SECRET_VARIABLE.test(name) &&
    value.length >= MIN_ENV_SECRET_CHARS &&
    !/\s/.test(value)
      ? [value]
      : [],
  );
}

/**
 * Under this length a secret is cut only where it stands as a word (no letter or digit touching
 * it): a short loopback token such as `short` must not turn "shorter than 16 characters" into
 * "(secret)er than 16 characters". A key of this length or more is cut wherever it appears.
 */
const WHOLE_WORD_BELOW_CHARS = 8;

/** Replaces every occurrence of `form` in `text`, as a word only when the form is short. */
function cut(text: string, form: string): string {
  if (form.length >= WHOLE_WORD_BELOW_CHARS) return text.split(form).join('(secret)');
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), '(secret)');
}

/**
 * `text` with every known secret replaced by `(secret)`, in each form it is likely quoted in:
 * as is, URL-encoded and JSON-escaped (inside a serialised report). Longest first, so a secret
 * holding another is cut whole.
 */
export function scrubSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const values = new Set([...remembered, ...environmentSecrets(env)]);
  if (values.size === 0) return text;
  const forms = new Set<string>();
  for (const v of values) {
    forms.add(v);
    forms.add(encodeURIComponent(v));
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) if (out.includes(form)) out = cut(out, form);
  return out;
}

/** Forgets every remembered value: for tests, which each bring their own secrets. */
export function forgetSecrets(): void {
  remembered.clear();
}
