/** Where an experiment is, reported as it runs: to the CLI's progress line and to GET /experiments/:id. */
export interface ExperimentProgress {
  phase: 'indexing' | 'retrieving' | 'scoring' | 'done';
  cell?: string;
  /** Queries retrieved so far over all cells, and in all. */
  done: number;
  total: number;
}
