import fc from 'fast-check';

// Property tests draw from one fixed seed, so a run is reproducible and a failure found once is
// found again. FC_SEED=<n> explores other inputs; a failing run prints the seed and path to replay.
const seed = process.env.FC_SEED === undefined ? 20_261_201 : Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${process.env.FC_SEED}"`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
