import { createHash, timingSafeEqual } from 'node:crypto';
import { InputError } from '../../errors.js';

/** Shortest token accepted when the server is reachable from the network (not loopback). */
export const MIN_REMOTE_TOKEN_LENGTH = 16;

/**
 * Refuses a token no client could send or anyone could guess, at start, with a message that
 * says why. Blank, or with whitespace at either end: HTTP trims header values, so `Bearer  `
 * can never match. Outside printable ASCII: header values cannot carry it reliably. Under 16
 * characters when `remote` (bound to a non-loopback address): guessable from the network.
 * A short token stays fine on loopback, where the Host and Origin checks already stop pages.
 */
export function checkTokenSetting(token: string | undefined, remote: { host: string } | false = false): void {
  if (token === undefined) return;
  if (token.trim() === '')
    throw new InputError(
      'TESTBED_TOKEN is set but empty or blank, and no client could send it: set a real token, or unset it',
    );
  if (token !== token.trim())
    throw new InputError(
      'TESTBED_TOKEN starts or ends with whitespace, which an Authorization header cannot carry (header values are trimmed)',
    );
  if (!/^[\x20-\x7e]+$/.test(token))
    throw new InputError(
      'TESTBED_TOKEN has a character outside printable ASCII, which an Authorization header cannot carry reliably',
    );
  if (remote && token.length < MIN_REMOTE_TOKEN_LENGTH) {
    throw new InputError(
      `TESTBED_TOKEN is shorter than ${MIN_REMOTE_TOKEN_LENGTH} characters, too guessable for ${remote.host}, which the network can reach (e.g. openssl rand -hex 32)`,
    );
  }
}

/**
 * Constant-time token comparison that does not leak the length either: timingSafeEqual needs
 * equal lengths, and checking lengths first would tell a prober how long the token is, so
 * both sides are hashed to 32 bytes first.
 */
export function tokenMatches(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
