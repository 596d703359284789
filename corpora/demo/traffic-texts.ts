/**
 * The hand-written query texts of the demo traffic log (make-traffic.ts), beside the queries of
 * queries.jsonl that it draws from too. Written for this project, like every text of the demo.
 *
 * - VARIANTS: other ways users type a query of queries.jsonl (shorter keyword forms, other
 *   words, other casing). A variant means what its query means: its hit list is built from the
 *   same judgements, so click judgements of variants and of the original agree once normalised.
 * - ZERO_HIT_TEXTS: searches for things the product does not have, in words no page uses, so a
 *   lexical engine finds nothing. make-traffic.ts refuses one that shares a word with the corpus.
 * - PII_QUERIES: searches with personal data pasted in (an email address, a phone number, an
 *   order number), so the log sampler's masking has something to mask. Every address is under
 *   example.com, every phone number a 555 number: none belongs to anyone.
 */

/** Query id of queries.jsonl → other texts users type for it. */
export const VARIANTS: Readonly<Record<string, readonly string[]>> = {
  // The last is typed with a Japanese input method's full-width letters: NFKC folds it to E1042.
  q001: ['e1042', 'error E1042', 'E1042 error', 'Ｅ１０４２'],
  q002: ['cant login after password change', "can't log in after changing password", 'login fails after new password'],
  q003: ['duplicate files', 'why are my files duplicated', 'conflicted copy files'],
  q004: ['sync.interval default', 'sync interval'],
  q005: ['storage quota', 'quota_gb'],
  q006: ['ferndock port', 'default port'],
  q008: ['account locked', 'how long is my account locked'],
  q017: ['max upload size', 'file size limit'],
  q019: ['restore deleted file', 'recover deleted files'],
  q033: ['rate limit', 'API Rate Limit'],
  q040: ['install ubuntu', 'ubuntu install', 'install on debian'],
  q046: ['slow sync', 'sync very slow'],
  q051: ['config file location'],
  q054: ['team or business', 'Team vs Business'],
  q058: ['share link expiry'],
  q062: ['E1042 Passwort'],
  q065: ['cuota llena'],
  q108: ['health check endpoint'],
  q129: ['share folder'],
  q132: ['2fa', 'two factor', 'enable 2FA'],
  q134: ['reset admin password'],
  q139: ['nginx config', 'reverse proxy'],
  q140: ['letsencrypt'],
  q156: ['iphone photos not uploading'],
  q159: ['disk full', 'storage full server'],
  q160: ['files missing', 'files gone'],
  q161: ['sync stuck', 'stuck syncing'],
  q167: ['encryption', 'is data encrypted'],
  q213: ['pricing', 'price per user'],
};

/** Searches no page can answer, in words no page contains. */
export const ZERO_HIT_TEXTS: readonly string[] = [
  'webdav',
  'chromebook',
  'freebsd',
  'kubernetes helm',
  'zapier',
  'onedrive',
  'dropbox',
  'E9999',
  'darkmode',
  'caldav carddav',
  'jellyfin',
  'ferndok',
  'asdfgh',
];

/** A search with personal data in it, and the query of queries.jsonl whose documents it finds. */
export interface PiiQuery {
  text: string;
  like: string;
}

export const PII_QUERIES: readonly PiiQuery[] = [
  { text: 'reset password for anna.keller@example.com', like: 'q134' },
  { text: 'account j.moreau@example.com locked', like: 'q152' },
  { text: 'invoice order 40718823', like: 'q213' },
  { text: 'refund order no 5512093381', like: 'q213' },
  { text: 'call me back +1 212 555 0143 about license', like: 'q055' },
  { text: 'nonprofit discount contact tom@example.com', like: 'q057' },
  { text: 'trial ends call (212) 555-0199', like: 'q192' },
  { text: 'E1042 user m.schulz@example.com', like: 'q001' },
];
