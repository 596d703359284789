import { LEGS, type LegType } from './registry.js';

type Fields<T extends LegType> = (typeof LEGS)[T]['fields'];

/**
 * The schema of one field of one leg type (`legFieldSchema('lexical', 'k1')`): its bounds,
 * default and help, for whoever restates the field under another spelling (the shorthand's flat
 * parameters, pipeline/shorthand-rows.ts) and must not restate its values. Read off the leg
 * type's row in the registry.
 */
export function legFieldSchema<T extends LegType, F extends keyof Fields<T> & string>(type: T, field: F): Fields<T>[F] {
  const fields = LEGS[type].fields as Fields<T>;
  if (!(field in fields)) throw new Error(`no field ${field} in leg type ${type}`);
  return fields[field];
}
