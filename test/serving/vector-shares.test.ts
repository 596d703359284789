import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamp } from '../../src/serving/catalog/file-stamp.js';
import type { VectorAnswer } from '../../src/serving/search-pool/protocol.js';
import { VectorShares } from '../../src/serving/search-pool/vector-shares.js';
import type { SharedVectorMatrix } from '../../src/retrievers/dense.js';
import { tmpDir } from '../helpers/tmp.js';

/** Who loads an index's shared vector table, who waits for it, and when it is let go. */

const table = (rows: number): SharedVectorMatrix => ({ rows, dims: 4, buffer: new SharedArrayBuffer(rows * 16) });

function asker(shares: VectorShares, file: string, build: string, slot: number, stamp: string | null = 's1') {
  const answers: VectorAnswer[] = [];
  shares.ask(file, build, stamp, slot, (a) => answers.push(a));
  return answers;
}

describe('VectorShares', () => {
  it('the first worker to ask loads it into shared memory, the others wait and then borrow it; later ones get it at once', () => {
    const shares = new VectorShares();
    const first = asker(shares, 'a.sqlite', 'b1', 0);
    const second = asker(shares, 'a.sqlite', 'b1', 1);
    expect(first).toEqual([{ load: 'shared' }]);
    expect(second).toEqual([]);
    const t = table(3);
    shares.loaded('a.sqlite', 'b1', t);
    expect(second).toEqual([{ shared: t }]);
    expect(asker(shares, 'a.sqlite', 'b1', 1)).toEqual([{ shared: t }]);
    expect(shares.size).toBe(1);
  });

  it('a failed load sends those waiting to read their own; the next asker tries the shared load again', () => {
    const shares = new VectorShares();
    asker(shares, 'a.sqlite', 'b1', 0);
    const waiting = asker(shares, 'a.sqlite', 'b1', 1);
    shares.loaded('a.sqlite', 'b1', null);
    expect(waiting).toEqual([{ load: 'own' }]);
    expect(asker(shares, 'a.sqlite', 'b1', 1)).toEqual([{ load: 'shared' }]);
  });

  it('another build of the same file replaces the table: nobody borrows rows of another build', () => {
    const shares = new VectorShares();
    asker(shares, 'a.sqlite', 'b1', 0);
    const waitingOld = asker(shares, 'a.sqlite', 'b1', 1);
    expect(asker(shares, 'a.sqlite', 'b2', 0)).toEqual([{ load: 'shared' }]);
    expect(waitingOld).toEqual([{ load: 'own' }]);
    shares.loaded('a.sqlite', 'b1', table(3)); // the old build's load, finishing late: ignored
    const waitingNew = asker(shares, 'a.sqlite', 'b2', 1);
    expect(waitingNew).toEqual([]);
    const t = table(5);
    shares.loaded('a.sqlite', 'b2', t);
    expect(waitingNew).toEqual([{ shared: t }]);
    expect(shares.size).toBe(1);
  });

  it('a worker that dies while loading hands the load to the first one waiting', () => {
    const shares = new VectorShares();
    asker(shares, 'a.sqlite', 'b1', 0);
    const one = asker(shares, 'a.sqlite', 'b1', 1);
    const two = asker(shares, 'a.sqlite', 'b1', 2);
    shares.workerGone(0);
    expect(one).toEqual([{ load: 'shared' }]);
    expect(two).toEqual([]);
    const t = table(2);
    shares.loaded('a.sqlite', 'b1', t);
    expect(two).toEqual([{ shared: t }]);
    shares.workerGone(1); // loaded already: nothing changes
    expect(asker(shares, 'a.sqlite', 'b1', 0)).toEqual([{ shared: t }]);
  });

  it('prune() lets go of the tables of files deleted or replaced since', () => {
    const dir = tmpDir('shares-');
    const [kept, removed] = ['kept.sqlite', 'removed.sqlite'].map((f) => path.join(dir, f)) as [string, string];
    const shares = new VectorShares();
    for (const file of [kept, removed]) {
      fs.writeFileSync(file, 'x');
      asker(shares, file, 'b1', 0, fileStamp(file));
      shares.loaded(file, 'b1', table(1));
    }
    fs.rmSync(removed);
    shares.prune();
    expect(shares.size).toBe(1);
    expect(asker(shares, kept, 'b1', 1)[0]).toHaveProperty('shared');
  });
});
