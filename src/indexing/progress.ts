/** What a long build reports as it goes; the CLI draws a bar, the HTTP API exposes the latest. */
export interface BuildProgress {
  phase: 'reading' | 'embedding' | 'indexing' | 'done';
  /** Documents read (reading) or chunks embedded (embedding). */
  done: number;
  /** Known only once reading is over. */
  total?: number;
}

export type ProgressListener = (p: BuildProgress) => void;
