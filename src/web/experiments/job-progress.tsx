import type { ExperimentJob } from '../../experiments/experiment-jobs.js';

/** A running job's progress bar; the script finds it by data-job-id and updates it while polling. */
export function JobProgress({ job }: { job: ExperimentJob }) {
  const p = job.progress;
  const text = `${p.phase}${p.cell ? ` ${p.cell}` : ''}${p.total ? ` ${p.done}/${p.total}` : ''}`;
  return (
    <span class="job-progress" data-job-id={job.id} data-job-state={job.state}>
      {job.state === 'running' ? (
        <progress max={String(p.total || 1)} value={p.total ? String(p.done) : undefined} />
      ) : null}{' '}
      <span class="progress-text">{text}</span>
    </span>
  );
}
