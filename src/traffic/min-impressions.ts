/**
 * Pairs shown fewer times than this are not judged from clicks: below it one lucky click makes a
 * grade. The one default of `testbed gold from-clicks --min-impressions`, of POST
 * /traffic/judgements' `min_impressions`, of the demo's click-judged set and of the docs (a test
 * reads each of them and checks they say this number).
 */
export const DEFAULT_MIN_IMPRESSIONS = 10;
