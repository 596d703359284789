import { z } from 'zod/v4';
import { FAIL_AFTER_DEFAULT, FAIL_RATE_DEFAULT, FAIL_WINDOW_DEFAULT } from '../remote/circuit-breaker.js';
import { DEFAULT_MAX_RESPONSE_MB, MAX_RESPONSE_MB_LIMIT } from '../remote/read-capped.js';
import { REMOTE_DEFAULTS } from '../remote/remote-client.js';
import { tlsFields } from '../remote/tls.js';
import { REMOTE_LIMITS } from './defaults.js';

/**
 * How a remote service is called, the fields every caller of one spells alike (http and
 * search-engine legs, the http reranker): headers, the RemoteClient settings with their
 * bounds (REMOTE_LIMITS) and defaults (REMOTE_DEFAULTS), when a query set gives up on the
 * service (circuit-breaker.ts), and its TLS (a CA file, a client certificate: tls.ts), written once.
 */
export const remoteCallFields = {
  headers: z
    .record(
      z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header name is a token (letters, digits, - and the like)'),
      z.string().max(4000),
    )
    .optional()
    .describe(
      'sent with every request; values may hold ${env:NAME}, read from the environment, never written into reports',
    ),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxTimeoutMs)
    .optional()
    .describe(`ms per attempt (default ${REMOTE_DEFAULTS.timeoutMs})`),
  retries: z
    .number()
    .int()
    .min(0)
    .max(REMOTE_LIMITS.maxRetries)
    .optional()
    .describe(
      `further attempts after a 429, a 5xx, a timeout or a refused connection, with exponential backoff (default ${REMOTE_DEFAULTS.retries})`,
    ),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxConcurrency)
    .optional()
    .describe(`requests in flight at once, per origin (default ${REMOTE_DEFAULTS.concurrency})`),
  max_response_mb: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESPONSE_MB_LIMIT)
    .optional()
    .describe(
      `the longest answer read, in MB (default ${DEFAULT_MAX_RESPONSE_MB}); reading stops and the request fails as soon as a body passes it`,
    ),
  fail_after: z
    .number()
    .int()
    .min(0)
    .max(REMOTE_LIMITS.maxFailAfter)
    .optional()
    .describe(
      `failed queries in a row after which the rest of a query set fails fast, uncalled (default ${FAIL_AFTER_DEFAULT}; 0: never)`,
    ),
  fail_rate: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      `the rest of a query set fails fast once more than this share of the last fail_window finished queries failed here (default ${FAIL_RATE_DEFAULT}; 0: never)`,
    ),
  fail_window: z
    .number()
    .int()
    .min(FAIL_WINDOW_DEFAULT)
    .max(REMOTE_LIMITS.maxFailWindow)
    .optional()
    .describe(`finished queries fail_rate is taken over (default and least ${FAIL_WINDOW_DEFAULT})`),
  ...tlsFields,
};
