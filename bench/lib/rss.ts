/**
 * Memory figures. `process.resourceUsage().maxRSS` is the process's peak resident set since it
 * started (kilobytes on Linux) and can only grow, so a phase's own peak is only measurable in a
 * process that runs that phase alone: the scripts run phases that need one in a child process
 * (see child.ts) and otherwise report "peak so far" after each phase.
 */

/** Peak resident set of this process so far, in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** Current resident set, in MiB. */
export function rssMiB(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

export const mib = (x: number) => `${x.toFixed(0)} MiB`;
