/**
 * The process of one index build started over HTTP (BuildScheduler.start, through
 * startJobProcess): builds the index as `testbed index` does and reports its progress and
 * notices back. The index is written to a temp file and renamed into place when complete, so a
 * build stopped half way leaves nothing at the index's name.
 */
import { buildIndex, type BuildOptions } from '../../indexing/build-index.js';
import type { BuildProgress } from '../../indexing/progress.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { serveJob } from '../jobs/job-entry.js';

/** What the parent sends: the build's options, without the listeners (they are messages here). */
export type BuildInput = Omit<BuildOptions, 'onProgress' | 'onNotice' | 'embedder'> & { embedder?: string };

serveJob<BuildInput, BuildProgress, IndexMeta>((input, report) => {
  let phase = '';
  // Every change of phase is sent at once, the counts within one about ten times a second.
  const onProgress = (p: BuildProgress) => {
    report.progress(p, p.phase !== phase);
    phase = p.phase;
  };
  return buildIndex({ ...input, onProgress, onNotice: report.notice });
});
