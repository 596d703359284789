/** A model that holds memory outside the JS heap (an ONNX session) until it is closed. */
export interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  model: Promise<T>;
  /** Calls holding the model now (between use and release). */
  users: number;
  /** Pushed out by newer models: closed when its last user lets go. */
  evicted: boolean;
}

/**
 * Loaded models by key, at most `keep` of them, the most recently used. Which model a request
 * reranks with is the request's choice, so without a bound every model it names would stay
 * loaded (tens to hundreds of MB each). An evicted model is closed once no call is using it, so
 * a rerank in flight finishes on the model it started with; a load that fails is forgotten, so
 * the next call tries again.
 */
export class LoadedModels<T extends Closable> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly keep: number) {}

  /** Runs `use` with the model for `key` (loaded by `load` when absent), held until `use` settles. */
  async with<R>(key: string, load: () => Promise<T>, use: (model: T) => Promise<R>): Promise<R> {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    else {
      const made: Entry<T> = { model: load(), users: 0, evicted: false };
      made.model.catch(() => {
        if (this.entries.get(key) === made) this.entries.delete(key);
      });
      entry = made;
    }
    // Re-inserted last: Map order is recency order.
    this.entries.set(key, entry);
    this.evictBeyondKeep();
    entry.users++;
    try {
      return await use(await entry.model);
    } finally {
      entry.users--;
      if (entry.evicted && entry.users === 0) await closeQuietly(entry.model);
    }
  }

  /** How many models are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Closes every model (tests, and a process that is done). */
  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => closeQuietly(e.model)));
  }

  private evictBeyondKeep(): void {
    while (this.entries.size > this.keep) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      entry.evicted = true;
      if (entry.users === 0) void closeQuietly(entry.model);
    }
  }
}

async function closeQuietly<T extends Closable>(model: Promise<T>): Promise<void> {
  await (await model.catch(() => undefined))?.close();
}
