import type { ExperimentProgress } from '../experiments/progress.js';
import type { ToolExtra } from './mcp-deps.js';

/**
 * Sends an experiment's progress as MCP progress notifications when the request asked for them
 * (a progressToken in its _meta): queries retrieved of all, with the cell in the message. MCP
 * wants each notification's progress above the last, so a report that does not advance (a
 * second cell's index being built) is not sent; nor anything once the request is cancelled.
 */
export function progressReporter(extra: ToolExtra): (p: ExperimentProgress) => void {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return () => {};
  let last = -1;
  return (p) => {
    if (p.done <= last || extra.signal.aborted) return;
    last = p.done;
    const message = p.cell ? `${p.phase} ${p.cell}` : p.phase;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: p.done, ...(p.total > 0 && { total: p.total }), message },
      })
      // A client gone away (its transport closed) cannot be told: the run goes on to its end or its stop.
      .catch(() => {});
  };
}
