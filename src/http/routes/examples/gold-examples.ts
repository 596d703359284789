import type { OperationExample } from './operation-example.js';

/** Judgements added to the demo gold set (corpora/demo/qrels/test.tsv) from the judging page. */
const QRELS = 'demo/qrels/test.tsv';

const addition = {
  query_id: 'q002',
  doc_id: 'faq-change-password',
  grade: 2,
  date: '2026-11-30T15:21:07.442Z',
  note: 'says to sign out of the desktop client after a password change',
  judge: 'ana',
  source: 'human',
};

const expertQuery = {
  _id: 'x-3b9e41c7',
  text: 'which error code does a locked account show',
  metadata: { source: 'expert', judge: 'ana', date: '2026-11-30T15:40:12.018Z' },
};
const expertAddition = {
  query_id: expertQuery._id,
  doc_id: 'config-auth-lockout',
  grade: 3,
  date: '2026-11-30T15:40:12.018Z',
  judge: 'ana',
  source: 'expert',
};

export const goldExamples: Record<string, OperationExample> = {
  listJudgements: {
    parameters: { qrels: QRELS, query_id: 'q002' },
    // The demo's published qrels hold 926 pairs, q002's faq-change-password among them: ana's
    // addition judges that pair again, so it counts as hers.
    response: { status: '200', value: { additions: [addition], sources: { published: 926 - 1, human: 1 } } },
  },
  addJudgement: {
    requestBody: {
      qrels: QRELS,
      query_id: 'q002',
      doc_id: 'faq-change-password',
      grade: 2,
      note: addition.note,
      judge: 'ana',
      source: 'human',
    },
    response: { status: '201', value: addition },
  },
  removeJudgements: {
    parameters: { qrels: QRELS, query_id: 'q002', doc_id: 'faq-change-password', judge: 'ana' },
    response: { status: '200', value: { removed: [addition], remaining: 0 } },
  },
  listExpertQueries: {
    parameters: { qrels: QRELS },
    response: { status: '200', value: { queries: [expertQuery] } },
  },
  addExpertQuery: {
    requestBody: {
      qrels: QRELS,
      text: expertQuery.text,
      judge: 'ana',
      judgements: [
        { doc_id: 'config-auth-lockout', grade: 3 },
        { doc_id: 'error-e1042', grade: 1, note: 'E1042 is the sign-in failure, not the lockout' },
      ],
    },
    response: {
      status: '201',
      value: {
        query: expertQuery,
        additions: [
          expertAddition,
          {
            ...expertAddition,
            doc_id: 'error-e1042',
            grade: 1,
            note: 'E1042 is the sign-in failure, not the lockout',
          },
        ],
      },
    },
  },
};
