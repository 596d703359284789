import { envVariablesIn } from './secrets.js';
import { isSafeHeader } from './shown-headers.js';

/**
 * What a 401 or 403 adds to its error: the user's next step. When credentials were sent, where
 * they came from (the environment variables a header read, a header written out, the URL's
 * userinfo), so the user knows which value to check; when none were, which setting sends them.
 * `noCredentials` replaces the generic advice for a caller that takes its key elsewhere (the
 * openai embedder's TESTBED_OPENAI_KEY_VAR).
 */
export function authHint(headers: Readonly<Record<string, string>>, userinfo: boolean, noCredentials?: string): string {
  const sources: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const variables = envVariablesIn(value);
    if (variables.length > 0)
      sources.push(
        `${variables.length === 1 ? 'the environment variable' : 'the environment variables'} ${variables.join(', ')} (header ${name})`,
      );
    else if (!isSafeHeader(name)) sources.push(`header ${name} as written in the settings`);
  }
  if (userinfo) sources.push("the URL's user:password (sent as Authorization: Basic)");
  if (sources.length > 0)
    return `the credentials sent came from ${sources.join(' and ')}: check that value and what it is allowed to do`;
  return (
    noCredentials ??
    'no credentials were sent: give the caller headers that read them from the environment (e.g. headers: {Authorization: "ApiKey ${env:ES_API_KEY}"}), or write user:password@ in its URL'
  );
}
