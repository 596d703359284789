import type { SearchImpressions } from './impressions.js';
import { keyQuery } from './query-key.js';

/** The relative examination of ordinal i + 1 against ordinal i, from swapped pairs. */
export interface SwapRatio {
  /** i: the ratio is p_{i+1} / p_i. */
  ordinal: number;
  /** Undefined when no swapped pair at (i, i + 1) was seen in both orders, or no click was seen at i or at i + 1 (a 0 would make the ordinal unreachable for inverse propensities). */
  ratio?: number;
  /** Swapped searches (exploration at i) among the pairs the ratio rests on. */
  searches: number;
  /** (query, document pair) units seen in both orders with a swap among them. */
  pairs: number;
}

/** Examination at one ordinal relative to the first. */
export interface Propensity {
  ordinal: number;
  /** p_r / p_1. */
  propensity: number;
  /** False when no ratio reached this ordinal: carried from the nearest estimated ordinal above. */
  estimated: boolean;
}

export interface SwapPropensities {
  ratios: SwapRatio[];
  /** Ordinals 1..maxRank, p_1 = 1. */
  curve: Propensity[];
  /** Searches of the log that made a swap within maxRank. */
  swappedSearches: number;
}

interface Unit {
  /** Index 0: the lexically smaller document shown at i; 1: the other order. */
  shown: [number, number];
  clicksAbove: [number, number];
  clicksBelow: [number, number];
  swapped: number;
}

/**
 * Position propensities from randomised swaps (`serve --explore swap`), by intervention harvesting
 * (Agarwal, Zaitsev, Wang, Li, Najork & Joachims, WSDM 2019; the swap experiments of Joachims,
 * Swaminathan & Schnabel, WSDM 2017), for adjacent ordinals.
 *
 * A unit is a query with an unordered pair of documents {x, y} shown at ordinals (i, i + 1): the
 * swap shows both orders of pairs the ranker would always show one way, so the same two documents
 * are clicked at both ordinals. Under the position-based model (P(click) = p_r · α_d), with n_xy
 * searches showing x above y and n_yx the other way, the per-order click rates
 *
 *   ĉ_i     = Σ_units  clicks at i in xy / n_xy + clicks at i in yx / n_yx      → p_i     · Σ (α_x + α_y)
 *   ĉ_{i+1} = Σ_units  clicks at i+1 in xy / n_xy + clicks at i+1 in yx / n_yx  → p_{i+1} · Σ (α_x + α_y)
 *
 * weigh each order equally, so the documents' attractiveness cancels in the ratio
 *
 *   p_{i+1} / p_i = ĉ_{i+1} / ĉ_i
 *
 * and the ranker's precision (better documents on top), which the log-wide click-through mixes in,
 * does not enter. Only units seen in both orders and holding at least one search that swapped at
 * i are used (unswapped searches of the same query supply the ranker's order). The curve chains
 * the ratios from p_1 = 1: p_r = Π_{i<r} p_{i+1}/p_i; an ordinal past a missing ratio carries the
 * last estimate, marked not estimated.
 */
export function swapPropensities(
  searches: readonly SearchImpressions[],
  options: { maxRank: number; keepPii?: boolean },
): SwapPropensities {
  const { maxRank } = options;
  const units = Array.from({ length: maxRank - 1 }, () => new Map<string, Unit>());
  let swappedSearches = 0;
  for (const { search, shown, clicked } of searches) {
    const swapAt = search.exploration?.swapped[0];
    if (swapAt !== undefined && swapAt + 1 <= maxRank) swappedSearches++;
    const at: (string | undefined)[] = [];
    for (const [doc, ordinal] of shown) at[ordinal - 1] = doc;
    const key = keyQuery(search.userQuery, options.keepPii).key;
    for (let i = 1; i < maxRank; i++) {
      const above = at[i - 1];
      const below = at[i];
      if (above === undefined || below === undefined) continue;
      const order = above < below ? 0 : 1;
      const id = `${key}\t${order === 0 ? above : below}\t${order === 0 ? below : above}`;
      let unit = units[i - 1]!.get(id);
      if (!unit)
        units[i - 1]!.set(id, (unit = { shown: [0, 0], clicksAbove: [0, 0], clicksBelow: [0, 0], swapped: 0 }));
      unit.shown[order]++;
      if (clicked.has(above)) unit.clicksAbove[order]++;
      if (clicked.has(below)) unit.clicksBelow[order]++;
      if (swapAt === i) unit.swapped++;
    }
  }

  const ratios = units.map((byPair, at): SwapRatio => {
    let above = 0;
    let below = 0;
    let searchesUsed = 0;
    let pairs = 0;
    for (const unit of byPair.values()) {
      if (unit.shown[0] === 0 || unit.shown[1] === 0 || unit.swapped === 0) continue;
      for (const o of [0, 1] as const) {
        above += unit.clicksAbove[o] / unit.shown[o];
        below += unit.clicksBelow[o] / unit.shown[o];
      }
      searchesUsed += unit.swapped;
      pairs++;
    }
    return { ordinal: at + 1, ...(above > 0 && below > 0 && { ratio: below / above }), searches: searchesUsed, pairs };
  });

  const curve: Propensity[] = [{ ordinal: 1, propensity: 1, estimated: true }];
  for (const { ordinal, ratio } of ratios) {
    const previous = curve[ordinal - 1]!;
    curve.push(
      ratio !== undefined && previous.estimated
        ? { ordinal: ordinal + 1, propensity: previous.propensity * ratio, estimated: true }
        : { ordinal: ordinal + 1, propensity: previous.propensity, estimated: false },
    );
  }
  return { ratios, curve, swappedSearches };
}
