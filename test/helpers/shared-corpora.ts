import path from 'node:path';

/**
 * The public collections in BEIR layout (SciFact, Cranfield, ...): `../shared/corpora` beside the
 * repository on this project's machines, or wherever TESTBED_SHARED_CORPORA points (a worktree
 * or a clone elsewhere). A fresh clone has neither, and `npm run test:corpora` then skips.
 */
export const SHARED_CORPORA = process.env.TESTBED_SHARED_CORPORA
  ? path.resolve(process.env.TESTBED_SHARED_CORPORA)
  : path.resolve(import.meta.dirname, '../../../shared/corpora');
