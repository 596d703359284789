import { InputError } from '../errors.js';
import type { LegCallSettings } from '../remote/remote-client.js';
import { endpointProblem } from '../remote/url-credentials.js';
import type { LegDefinition, LegEndpoint, LegProblem, LegSignal, PipelineContext } from './leg-definition.js';
import type { Engine } from '../schemas/names.js';
import { legDefinition, legTypes, type Leg, type LegSpec } from './registry.js';

/**
 * What the rest of the program asks of a leg, answered by its leg type's row: never by the
 * leg's name or by a field of a given name.
 */

/** The remote endpoints the leg calls (none for a leg computed here). */
export function legEndpoints(leg: Leg): LegEndpoint[] {
  return legDefinition(leg.type).endpoints?.(leg) ?? [];
}

/** Whether the leg embeds each query with the index's own embedder. */
export function embedsQuery(leg: Leg): boolean {
  return legDefinition(leg.type).embedsQuery?.(leg) ?? false;
}

/** Whether the leg's results are ANN results over our index's vectors, comparable with our exact scan. */
export function givesAnnResults(leg: Leg): boolean {
  return legDefinition(leg.type).annResults?.(leg) ?? false;
}

/** The settings of a leg's local ANN search (LegDefinition.annSetting); undefined for a remote or exact leg. */
export function annSetting(leg: Leg): string | undefined {
  return legDefinition(leg.type).annSetting?.(leg);
}

/** The files the leg's results are read from. */
export function legFiles(leg: Leg): string[] {
  const fields = legDefinition(leg.type).fileFields ?? [];
  return fields.map((field) => (leg as unknown as Record<string, string>)[field]!);
}

/** Lexical or dense, when the leg ranks by one of the two signals a hybrid is read by. */
export function legSignal(leg: Leg): LegSignal | undefined {
  return legDefinition(leg.type).signal?.(leg);
}

/**
 * A parsed leg settled: its name given or defaulted, anything else its row fills in, and the
 * first problem its row's checks find in it within this pipeline.
 */
export function settleLeg(spec: LegSpec, pipeline: PipelineContext): { leg: Leg; problem?: LegProblem } {
  const row = legDefinition(spec.type);
  const named = { ...spec, name: spec.name ?? row.defaultName(spec) } as Leg;
  const leg = (row.settle ? row.settle(named) : named) as Leg;
  const problem = row.check?.(spec, pipeline) ?? endpointsProblem(row, leg);
  return problem ? { leg, problem } : { leg };
}

/**
 * The first endpoint of a remote leg that cannot be called as configured (a fragment, another
 * scheme, URL userinfo beside an Authorization header), found when the pipeline is read rather
 * than counted as a failure on every query.
 */
function endpointsProblem(row: LegDefinition, leg: Leg): LegProblem | undefined {
  if (!row.endpoints) return undefined;
  const headers = (leg as LegCallSettings).headers ?? {};
  let endpoints: LegEndpoint[];
  try {
    endpoints = row.endpoints(leg);
  } catch (err) {
    // A base URL parseBaseUrl refused while the endpoint was built.
    if (err instanceof InputError) return { field: 'url', message: err.detail.replace(/^leg "[^"]*" url: /, '') };
    throw err;
  }
  for (const endpoint of endpoints) {
    // A database URL (a postgres leg's SQL endpoint) is read by its own leg (postgres-url.ts).
    if (endpoint.method === 'SQL') continue;
    const message = endpointProblem(endpoint.url, headers);
    if (message) return { field: 'url', message };
  }
  return undefined;
}

/** Whether the leg reformulates each query from its first results (LegTraits.expandsQuery). */
export function expandsQuery(leg: Leg): boolean {
  return legDefinition(leg.type).traits?.expandsQuery ?? false;
}

/**
 * The lexical engine whose analysis the leg's terms follow, when it matches analysed terms;
 * undefined too for a leg type not registered in this process (one a saved report names).
 */
export function lexicalEngine(leg: Leg): Engine | undefined {
  if (!legTypes().includes(leg.type)) return undefined;
  return legDefinition(leg.type).lexicalEngine?.(leg);
}
