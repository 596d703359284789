import { ConflictError, InputError, NotFoundError } from '../../errors.js';
import type { Interleaving } from './interleave-config.js';

/** Said when a server started without --interleave is asked for an interleaved search. */
export const NOT_INTERLEAVING =
  'this server interleaves nothing: start it with --interleave FILE (and --log-queries DIR)';

/**
 * The interleaving a search on `index` asks for: the one named, or, when no name is given, the
 * index's only one. An unknown name is a 404; a name for another index, an index with none, or
 * an index with several and no name a 400 saying which names there are.
 */
export function chooseInterleaving(
  interleavings: readonly Interleaving[] | undefined,
  index: string,
  name: string | undefined,
): Interleaving {
  if (!interleavings?.length) throw new ConflictError(NOT_INTERLEAVING);
  if (name !== undefined) {
    const named = interleavings.find((il) => il.name === name);
    if (!named)
      throw new NotFoundError(
        `no interleaving named "${name}"; the --interleave file has ${interleavings.map((il) => `"${il.name}"`).join(', ')}`,
      );
    if (named.index !== index)
      throw new InputError(`interleaving "${name}" is on index "${named.index}", not "${index}"`, {
        field: 'interleaving',
      });
    return named;
  }
  const onIndex = interleavings.filter((il) => il.index === index);
  if (onIndex.length === 1) return onIndex[0]!;
  if (onIndex.length === 0)
    throw new InputError(
      `index "${index}" has no interleaving; the --interleave file interleaves ${[...new Set(interleavings.map((il) => `"${il.index}"`))].join(', ')}`,
      { field: 'index' },
    );
  throw new InputError(
    `index "${index}" has several interleavings (${onIndex.map((il) => il.name).join(', ')}): name one with interleaving=NAME`,
    { field: 'interleaving' },
  );
}
