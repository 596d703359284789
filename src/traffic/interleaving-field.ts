import { describeValue, isRecord } from '../corpus/describe-value.js';
import { INTERLEAVING_METHODS, type InterleavingMethod, type LoggedInterleaving } from './types.js';

/** What was wrong with a logged `interleaving` field: the record is dropped and counted with it. */
export interface InterleavingProblem {
  problem: string;
}

/**
 * Reads a query record's `interleaving` field (written by `testbed serve --interleave`). Only
 * what crediting clicks relies on is checked: a name, a known method, two or more distinct arms,
 * one team per shown hit naming one of the arms (or null), and for `arm_hit_ids` one list of ids
 * per arm. Anything else is a problem, for the caller to drop the record and count it, since a
 * search credited from a malformed record would credit the wrong arm.
 * `hitCount` is the length of the record's hit list (undefined: the record has none).
 */
export function readInterleaving(
  value: unknown,
  hitCount: number | undefined,
): LoggedInterleaving | undefined | InterleavingProblem {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) return problem('interleaving must be an object', value);
  const { name, method, arms, teams } = value;
  if (typeof name !== 'string' || name === '') return problem('interleaving.name must be a non-empty string', name);
  if (typeof method !== 'string' || !(INTERLEAVING_METHODS as readonly string[]).includes(method))
    return problem(`interleaving.method must be one of ${INTERLEAVING_METHODS.join(', ')}`, method);
  if (!Array.isArray(arms) || arms.length < 2 || !arms.every((a) => typeof a === 'string' && a !== ''))
    return problem('interleaving.arms must be an array of two or more non-empty strings', arms);
  if (new Set(arms).size !== arms.length) return problem('interleaving.arms must not repeat an arm', arms);
  const armNames = arms as string[];
  if (!Array.isArray(teams) || !teams.every((t) => t === null || (typeof t === 'string' && armNames.includes(t))))
    return problem('interleaving.teams must be an array of arm names (or null)', teams);
  if (hitCount === undefined) return { problem: 'interleaving without query_response_hit_ids' };
  if (teams.length !== hitCount)
    return {
      problem: `interleaving.teams has ${teams.length} entries for ${hitCount} query_response_hit_ids`,
    };
  const armHitIds = readArmHitIds(value.arm_hit_ids, armNames);
  if (armHitIds !== undefined && 'problem' in armHitIds) return armHitIds;
  return {
    name,
    method: method as InterleavingMethod,
    arms: armNames,
    teams: teams as (string | null)[],
    ...(armHitIds !== undefined && { armHitIds: armHitIds.lists }),
  };
}

function readArmHitIds(
  value: unknown,
  arms: readonly string[],
): { lists: Record<string, string[]> } | InterleavingProblem | undefined {
  if (value === undefined || value === null) return undefined;
  const expected = 'interleaving.arm_hit_ids must map each arm to an array of ids';
  if (!isRecord(value)) return problem(expected, value);
  const lists: Record<string, string[]> = {};
  for (const [arm, ids] of Object.entries(value)) {
    if (!arms.includes(arm)) return { problem: `interleaving.arm_hit_ids names ${JSON.stringify(arm)}, not an arm` };
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== ''))
      return problem(`interleaving.arm_hit_ids[${JSON.stringify(arm)}] must be an array of ids`, ids);
    lists[arm] = ids as string[];
  }
  return { lists };
}

function problem(expected: string, value: unknown): InterleavingProblem {
  return { problem: `${expected}, got ${describeValue(value)}` };
}
