import fs from 'node:fs';

/**
 * Every process below `pid` (children, their children, ...), read from Linux's
 * /proc/PID/task/TID/children. A test takes it before stopping a command, then checks that none
 * of them is still running afterwards: the event "nothing of it is left", where a sleep would
 * only guess how long a stray process might take to show itself.
 */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out; // already gone
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) out.push(child, ...descendants(child));
  }
  return out;
}

/** Whether a process is running: it exists and is not a zombie (one that ended, not yet reaped). */
export function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) STATE ...: the comm may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
