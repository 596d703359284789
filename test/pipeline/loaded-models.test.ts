import { describe, expect, it } from 'vitest';
import { LoadedModels } from '../../src/pipeline/loaded-models.js';

/** A fake model that records whether it was closed, and whether it was used after. */
function fakeModel(name: string, log: string[]) {
  let closed = false;
  return {
    name,
    async close() {
      closed = true;
      log.push(`close ${name}`);
    },
    use() {
      if (closed) throw new Error(`${name} used after close`);
      log.push(`use ${name}`);
      return name;
    },
  };
}

describe('LoadedModels', () => {
  it('1,000 distinct keys: at most `keep` stay loaded, every other one is closed, each loaded once per stay', async () => {
    const log: string[] = [];
    const models = new LoadedModels<ReturnType<typeof fakeModel>>(2);
    let loads = 0;
    let most = 0;
    for (let i = 0; i < 1000; i++) {
      const key = `m${i}`;
      await models.with(
        key,
        async () => (loads++, fakeModel(key, log)),
        async (m) => m.use(),
      );
      most = Math.max(most, models.size);
    }
    expect(most).toBe(2);
    expect(loads).toBe(1000);
    // Every model but the two most recent was closed, oldest first.
    expect(log.filter((l) => l.startsWith('close'))).toEqual(Array.from({ length: 998 }, (_, i) => `close m${i}`));
  });

  it('a kept model is reused, and the least recently used is the one evicted', async () => {
    const log: string[] = [];
    const models = new LoadedModels<ReturnType<typeof fakeModel>>(2);
    let loads = 0;
    const use = (key: string) =>
      models.with(
        key,
        async () => (loads++, fakeModel(key, log)),
        async (m) => m.use(),
      );
    await use('a');
    await use('b');
    await use('a'); // a is now the most recent
    await use('c'); // evicts b
    expect(loads).toBe(3);
    expect(log).toContain('close b');
    expect(log).not.toContain('close a');
    await use('a');
    expect(loads).toBe(3);
  });

  it('a model evicted while a call is using it is closed only when that call is done', async () => {
    const log: string[] = [];
    const models = new LoadedModels<ReturnType<typeof fakeModel>>(1);
    let release!: () => void;
    const slow = models.with(
      'a',
      async () => fakeModel('a', log),
      async (m) => {
        await new Promise<void>((r) => (release = r));
        return m.use();
      },
    );
    await new Promise((r) => setTimeout(r, 0));
    await models.with(
      'b',
      async () => fakeModel('b', log),
      async (m) => m.use(),
    );
    expect(log).toEqual(['use b']);
    release();
    expect(await slow).toBe('a');
    expect(log).toEqual(['use b', 'use a', 'close a']);
  });

  it('a load that fails is forgotten: the next call loads again', async () => {
    const models = new LoadedModels<ReturnType<typeof fakeModel>>(2);
    await expect(
      models.with(
        'x',
        async () => {
          throw new Error('not on disk');
        },
        async (m) => m.use(),
      ),
    ).rejects.toThrow('not on disk');
    expect(models.size).toBe(0);
    expect(
      await models.with(
        'x',
        async () => fakeModel('x', []),
        async (m) => m.use(),
      ),
    ).toBe('x');
  });
});
