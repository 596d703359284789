import { stat } from 'node:fs/promises';

/** Whether anything (file, folder, link target) exists at `path`; an unreadable path counts as absent. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
