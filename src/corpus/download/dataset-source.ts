import { InputError } from '../../errors.js';
import type { BeirLayout } from './beir-layout.js';
import { BEIR_NAMES, beirDataset } from './datasets.js';
import { redactUrl } from '../../remote/redact-url.js';
import { MAX_NAME_CHARS, nameTooLong } from '../../schemas/file-names.js';

/** A download request after validation: where from, what checksum, what shape to expect. */
export interface DatasetSource {
  name: string;
  url: string;
  /** Expected md5 (lowercase hex); undefined means the download cannot be checked. */
  md5: string | undefined;
  layout: BeirLayout;
}

// A single path segment: the name becomes a folder and a file name under the corpora folder.
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MD5 = /^[0-9a-f]{32}$/i;

/**
 * Validates NAME, --url and --md5. A registry name gets BEIR's address and published md5 unless
 * overridden; a mirror given with --url is still checked against the published md5, since it
 * should serve the same bytes. Any other name needs --url, and is checked only if --md5 is given.
 */
export function datasetSource(name: string, url?: string, md5?: string): DatasetSource {
  if (name.length > MAX_NAME_CHARS) throw new InputError(nameTooLong('the dataset name', name.length));
  if (!NAME.test(name)) {
    throw new InputError(`expected a dataset name of letters, digits, ".", "_" or "-", got ${JSON.stringify(name)}`);
  }
  if (md5 !== undefined && !MD5.test(md5)) throw new InputError(`--md5 must be 32 hex digits, got "${md5}"`);
  if (url !== undefined) checkUrl(url);
  const known = beirDataset(name);
  if (known === undefined && url === undefined) {
    throw new InputError(
      `unknown dataset "${name}": expected one of ${BEIR_NAMES.join(', ')}, or give --url for another`,
    );
  }
  return {
    name,
    url: url ?? known?.url ?? '',
    md5: (md5 ?? known?.md5)?.toLowerCase(),
    layout: known ? { split: known.split, parts: known.parts } : {},
  };
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`--url must be an http:// or https:// address, got "${redactUrl(url)}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(`--url must be an http:// or https:// address, got "${redactUrl(url)}"`);
  }
}
