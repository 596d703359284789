import { InputError } from '../errors.js';
import { createEmbedder } from './registry.js';
import type { Embedder } from './types.js';

/**
 * Query-time embedders, loaded once per process and shared by every index built with the same
 * model (loading a model costs far more than a query).
 */
export class EmbedderPool {
  private readonly loaded = new Map<string, Promise<Embedder>>();

  get(id: string): Promise<Embedder> {
    let p = this.loaded.get(id);
    if (!p) {
      // One thread: a single query is one short text, and worker fan-out only adds latency.
      p = createEmbedder(id, { threads: 1 }).then((e) => {
        if (!e) throw new InputError(`index records no embedder`);
        return e;
      });
      p.catch(() => this.loaded.delete(id));
      this.loaded.set(id, p);
    }
    return p;
  }

  async close(): Promise<void> {
    const all = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.all(all.map(async (p) => (await p.catch(() => undefined))?.close?.()));
  }
}
