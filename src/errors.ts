/**
 * Errors are named inside the library and translated once at the edge (HTTP: JSON 4xx; CLI: a
 * one-line message and exit code 2). Every error a user can cause carries a stable `code`.
 */

/** Where in an input file a problem was found. Shown as `file:line (field)`. */
export interface Location {
  file?: string;
  line?: number;
  field?: string;
}

export abstract class TestbedError extends Error {
  abstract readonly code: string;
  /**
   * 502: a remote engine we called failed (src/remote/), not the caller. 503: the request will
   * succeed unchanged later (an index still being embedded), so clients may retry. 507: the
   * disk had no room for a write, which left nothing behind (StorageFullError).
   */
  abstract readonly status: 400 | 404 | 409 | 413 | 415 | 401 | 403 | 502 | 503 | 507;
}

/** Bad user input: a malformed file, an unknown option value, an invalid query parameter. */
export class InputError extends TestbedError {
  readonly code = 'bad_input';
  readonly status = 400;
  /** The message without its location, for callers that place it elsewhere (a YAML line). */
  readonly detail: string;
  constructor(
    message: string,
    readonly where: Location = {},
  ) {
    super(formatWhere(where) + message);
    this.detail = message;
    this.name = 'InputError';
  }
}

export class NotFoundError extends TestbedError {
  readonly code = 'not_found';
  readonly status = 404;
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends TestbedError {
  readonly code = 'conflict';
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A model or other resource that is not on this machine and cannot be fetched. */
export class UnavailableError extends TestbedError {
  readonly code = 'unavailable';
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

/** A request this server will not carry out whoever asks (a remote endpoint it was not started to call). */
export class ForbiddenError extends TestbedError {
  readonly code = 'forbidden';
  readonly status = 403;
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/**
 * A write the disk had no room for (ENOSPC, a quota, a file size limit, or a write that came up
 * short): nothing of it was left in the file. HTTP 507 Insufficient Storage, so a client knows
 * its data was not recorded and may send it again once space is freed.
 */
export class StorageFullError extends TestbedError {
  readonly code = 'storage_full';
  readonly status = 507;
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'StorageFullError';
  }
}

function formatWhere({ file, line, field }: Location): string {
  if (!file && line === undefined && !field) return '';
  let s = file ?? '';
  if (line !== undefined) s += `${s ? ':' : 'line '}${line}`;
  if (field) s += `${s ? ' ' : ''}(field "${field}")`;
  return `${s}: `;
}
