// Public API of the gold module: growing a gold set with judgements found after the fact.
export type { Addition, NewJudgement } from './types.js';
export { addJudgement, readAdditions } from './additions.js';
export { removeJudgement, type JudgementRef, type Removal } from './remove-judgement.js';
export { additionsFile, ADDITIONS_SUFFIX } from './additions-file.js';
export { MAX_GRADE, MAX_NOTE_LENGTH } from './check-fields.js';
export { MAX_QUESTION_LENGTH } from './expert-question.js';
export { readQuerySet, readAddedQueries } from './read-query-set.js';
export { queryAdditionsFile } from './query-additions-file.js';
export { addExpertQuery, EXPERT_MAX_GRADE, type ExpertQuery, type NewExpertQuery } from './expert-query.js';
export { readJudgements, readGold, additionSource, type ReadJudgements } from './read-judgements.js';
export { qrelsSourcesFile, readQrelsSources } from './qrels-sources-file.js';
export { readJudgementsSnapshot, SNAPSHOT_FILE, writeJudgementsSnapshot } from './judgements-snapshot.js';
