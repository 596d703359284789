import { jsx } from 'hono/jsx';
import { htmlPage, wantsHtml } from '../web/page-response.js';
import { TokenNeededPage } from '../web/token-needed-page.js';
import type { Refusal } from './auth.js';
import { jsonError } from './errors.js';

/**
 * requireToken's refusal on routes that are pages as well as API routes: a browser navigating
 * (Accept: text/html) gets the status with a page saying why; every other client the API's JSON.
 */
export const pageOrJsonRefusal: Refusal = (c, status, code, message) =>
  wantsHtml(c) ? htmlPage(c, jsx(TokenNeededPage, { message }), status) : jsonError(c, status, code, message);
