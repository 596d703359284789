import type { BuildProgress } from '../../indexing/progress.js';
import type { IndexMeta } from '../../store/index-meta.js';

/** A build started over HTTP, as `GET /indexes/:name` reports it. */
export interface BuildJob {
  name: string;
  /**
   * `queued`: waiting for another job to finish (see JobQueue); `interrupted`: the server
   * running it stopped first (killed, crashed, restarted, or stopped by SIGTERM).
   */
  state: 'queued' | 'running' | 'done' | 'failed' | 'interrupted';
  startedAt: string;
  finishedAt?: string;
  /**
   * For an interrupted build, the last time its server was seen working on it: it stopped at
   * this time or soon after (progress is recorded about once a second).
   */
  interruptedAt?: string;
  request: { corpus: string; chunker: string; embedder: string; tokenizer: string };
  progress: BuildProgress;
  notices: string[];
  error?: string;
  meta?: IndexMeta;
}

/** A running build whose server is gone. Builds are atomic, so nothing half-built was left at the index's name. */
export function interruptBuild(job: BuildJob, lastSeen: string): BuildJob {
  return {
    ...job,
    state: 'interrupted',
    interruptedAt: lastSeen,
    error:
      'the server stopped before this build finished; nothing was written at the index name (an earlier index there is kept): start the build again',
  };
}
