/** One CLI command: its help text is part of its definition, so none can ship without it. */
export interface Command {
  name: string;
  /**
   * The full --help text; the one-line summary is in command-table.ts, read without loading this.
   * A command whose help lists a registry (metrics, fusion methods) defines it as a getter, so
   * the text lists the rows registered when it is read.
   */
  usage: string;
  /** Subcommands with a --help of their own (`gold from-clicks`), listed after `usage` in docs/cli.md. */
  subcommandUsages?: { name: string; usage: string }[];
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** True when stderr is a terminal (progress bars redraw in place). */
  tty: boolean;
}

export const processIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  tty: Boolean(process.stderr.isTTY),
};
