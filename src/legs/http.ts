import { defineLeg } from './leg-definition.js';
import { createHttpLeg } from './http/http-leg.js';
import { checkHttpLeg, httpLegFields, httpMethodOf } from './http/http-leg-spec.js';

/** The name of an http leg that is not given one. */
const DEFAULT_HTTP_LEG_NAME = 'http';

/** Any search API over HTTP (http/http-leg-spec.ts describes it, http/http-leg.ts calls it). */
export const httpLeg = defineLeg({
  type: 'http',
  description:
    'any search API over HTTP (src/legs/http/http-leg-spec.ts): a URL and body template, where the hits are and which fields hold the id and score',
  fields: httpLegFields,
  defaultName: () => DEFAULT_HTTP_LEG_NAME,
  settle: (leg) => ({ ...leg, method: httpMethodOf(leg) }),
  check(leg) {
    const problem = checkHttpLeg(leg);
    return problem && { field: problem[0], message: problem[1] };
  },
  create: (leg, ctx) => createHttpLeg(leg, ctx.remoteClient(leg), ctx.reader),
  endpoints: (leg) => [{ role: 'search', method: httpMethodOf(leg), url: leg.url }],
});
