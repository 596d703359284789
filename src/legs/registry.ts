import type { z } from 'zod/v4';
import { Registry } from '../registry.js';
import { denseLeg } from './dense.js';
import { elasticsearchLeg } from './elasticsearch.js';
import { elasticsearchRrfLeg } from './elasticsearch-rrf.js';
import { httpLeg } from './http.js';
import type { LegDefinition, LegOf } from './leg-definition.js';
import { bo1Leg } from './bo1.js';
import { lexicalLeg } from './lexical.js';
import { opensearchLeg } from './opensearch.js';
import { opensearchHybridLeg } from './opensearch-hybrid.js';
import { postgresLeg } from './postgres.js';
import { qdrantLeg } from './qdrant.js';
import { qdrantFusionLeg } from './qdrant-fusion.js';
import { rm3Leg } from './rm3.js';
import { rocchioLeg } from './rocchio.js';
import { runLeg } from './run.js';

/**
 * The leg types of a pipeline, one row each: the one list of them. The pipeline's leg union
 * (leg-schema.ts), the factory (leg-factory.ts), the endpoints --allow-remote checks and reports
 * name, and whether a leg embeds the query or gives ANN results (leg-traits.ts) are read from
 * the rows, in this order (the order the OpenAPI document lists them).
 */
export const LEGS = {
  lexical: lexicalLeg,
  rm3: rm3Leg,
  rocchio: rocchioLeg,
  bo1: bo1Leg,
  dense: denseLeg,
  run: runLeg,
  http: httpLeg,
  opensearch: opensearchLeg,
  elasticsearch: elasticsearchLeg,
  qdrant: qdrantLeg,
  'opensearch-hybrid': opensearchHybridLeg,
  'elasticsearch-rrf': elasticsearchRrfLeg,
  'qdrant-fusion': qdrantFusionLeg,
  postgres: postgresLeg,
} as const;

export type LegType = keyof typeof LEGS;
/** The built-in leg types (legTypes() adds any registered at run time). */
export const LEG_TYPES = Object.keys(LEGS) as LegType[];

// Read off the row's `type` and `fields` (inferring through the methods would widen them).
type SpecOf<D> = D extends { type: infer T extends string; fields: infer F extends z.ZodRawShape }
  ? LegOf<T, F>
  : never;
type InputOf<D> = D extends { type: infer T extends string; fields: infer F extends z.ZodRawShape }
  ? { type: T; name?: string | undefined } & ([keyof F] extends [never] ? unknown : z.input<z.ZodObject<F>>)
  : never;

/** A built-in leg as parsed (defaults applied, name optional). */
export type LegSpec = { [T in LegType]: SpecOf<(typeof LEGS)[T]> }[LegType];
/** A built-in leg as a caller may write it. */
export type LegInput = { [T in LegType]: InputOf<(typeof LEGS)[T]> }[LegType];
/** A leg with its name settled (given, or its default). */
export type Leg = LegSpec & { name: string };
export type LexicalLeg = Extract<Leg, { type: 'lexical' }>;
export type HttpLeg = Extract<Leg, { type: 'http' }>;

/** Any row, built in or registered. */
export type AnyLegDefinition = LegDefinition<string, z.ZodRawShape>;

const legTypeRows = new Registry<AnyLegDefinition>(
  'a leg type',
  Object.values(LEGS) as AnyLegDefinition[],
  (row) => row.type,
);

/**
 * Adds a leg type (a test's fixture, an extension) after the built-in ones; it is then parsed,
 * documented, made and checked like them. Returns the function that removes it again.
 */
export function registerLegType(definition: AnyLegDefinition): () => void {
  return legTypeRows.register(definition);
}

/** The leg types registered now, built-in ones first. */
export function legTypes(): string[] {
  return legTypeRows.names();
}

/** Every row, in order. */
export function legDefinitions(): AnyLegDefinition[] {
  return [...legTypeRows.rows()];
}

/** The row of a leg type; a leg that parsed has one, so a missing row is a bug (or a row removed mid-flight). */
export function legDefinition(type: string): AnyLegDefinition {
  const row = legTypeRows.get(type);
  if (!row) throw new Error(`no leg type "${type}" is registered (registered: ${legTypes().join(', ')})`);
  return row;
}

/** `make`'s value, made again only after the rows changed: for schemas derived from them. */
export function perRegistryVersion<T>(make: () => T): () => T {
  let made: { version: number; value: T } | undefined;
  return () => {
    if (made?.version !== legTypeRows.version) made = { version: legTypeRows.version, value: make() };
    return made.value;
  };
}
