/**
 * The rows of one extension point (leg types, metrics, fusion methods, normalisations...), in
 * listing order:
 * the built-in ones first, then those registered at run time. Everything that lists or looks
 * up the rows asks this on each use, so a row registered later (by a test, say) shows up in the
 * parser, the help and the schemas alike, and is gone from all of them once removed.
 */
export class Registry<Row extends object> {
  readonly #rows: Row[];
  readonly #what: string;
  readonly #nameOf: (row: Row) => string;
  #version = 0;

  /**
   * `what` names a row in errors ("a metric"); `nameOf` reads a row's name (its `name` field
   * unless told otherwise: a leg type is named by its `type`).
   */
  constructor(what: string, builtIn: readonly Row[], nameOf = (row: Row) => (row as unknown as { name: string }).name) {
    this.#what = what;
    this.#rows = [...builtIn];
    this.#nameOf = nameOf;
  }

  rows(): readonly Row[] {
    return this.#rows;
  }

  names(): string[] {
    return this.#rows.map(this.#nameOf);
  }

  get(name: string): Row | undefined {
    return this.#rows.find((r) => this.#nameOf(r) === name);
  }

  /** Bumped whenever a row is added or removed, so what is derived from the rows can be derived again. */
  get version(): number {
    return this.#version;
  }

  /** Adds a row after the others and returns the function that removes it; a name already taken is refused. */
  register(row: Row): () => void {
    const name = this.#nameOf(row);
    if (this.get(name) !== undefined) throw new Error(`${this.#what} is already named ${JSON.stringify(name)}`);
    this.#rows.push(row);
    this.#version++;
    return () => {
      const at = this.#rows.indexOf(row);
      if (at < 0) return;
      this.#rows.splice(at, 1);
      this.#version++;
    };
  }
}
