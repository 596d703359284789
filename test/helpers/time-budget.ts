import os from 'node:os';

/**
 * How many times slower than on an idle machine work runs here now: the load average (runnable
 * processes, the larger of the 1- and 5-minute figures) per core, at least 1. At load 14 on two
 * cores each process gets about a seventh of a core; issue 26's first loaded run (two busy
 * loops beside `npm test` plus other work, load 10-14) took 2,801 s against 468 s idle, 6x.
 */
export function loadFactor(): number {
  const [one = 0, five = 0] = os.loadavg();
  return Math.max(1, Math.max(one, five) / os.availableParallelism());
}

/**
 * A test's time budget, derived from the work it does: `idleBudgetMs` is what the work is given
 * on an idle two-core machine (several times its idle duration), stretched by loadFactor() as
 * measured when the budget is asked for. A budget exists to end a hang, never to judge speed:
 * a loaded machine is slow, not wrong (timing belongs in bench/).
 */
export function timeBudget(idleBudgetMs: number): number {
  return Math.round(idleBudgetMs * loadFactor());
}
