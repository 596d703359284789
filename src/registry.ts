/**
 * The rows of one extension point (metrics, fusion methods, normalisations), in listing order:
 * the built-in ones first, then those registered at run time. Everything that lists or looks
 * up the rows asks this on each use, so a row registered later (by a test, say) shows up in the
 * parser, the help and the schemas alike, and is gone from all of them once removed.
 */
export class Registry<Row extends { name: string }> {
  readonly #rows: Row[];
  readonly #what: string;

  /** `what` names a row in errors ("a metric"). */
  constructor(what: string, builtIn: readonly Row[]) {
    this.#what = what;
    this.#rows = [...builtIn];
  }

  rows(): readonly Row[] {
    return this.#rows;
  }

  names(): string[] {
    return this.#rows.map((r) => r.name);
  }

  get(name: string): Row | undefined {
    return this.#rows.find((r) => r.name === name);
  }

  /** Adds a row after the others and returns the function that removes it; a name already taken is refused. */
  register(row: Row): () => void {
    if (this.get(row.name) !== undefined) throw new Error(`${this.#what} is already named ${JSON.stringify(row.name)}`);
    this.#rows.push(row);
    return () => {
      const at = this.#rows.indexOf(row);
      if (at >= 0) this.#rows.splice(at, 1);
    };
  }
}
