/** Methods that may change state here: the ones the cross-site, media-type and token guards cover. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

/**
 * Whether a request says it has a body. Headers, not the body stream: the Node adapter gives
 * every non-GET request a stream, even an empty one.
 */
export function carriesBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return headers.has('content-type') || headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
}
