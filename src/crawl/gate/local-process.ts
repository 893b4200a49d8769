/**
 * Whether the process holding a site's lease on this machine is gone. A killed process can stay
 * a zombie for a while — its parent (a container's init, a shell that exited) has not reaped it —
 * and signal 0 still reaches a zombie, so Linux's own record of its state settles it.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

/** A lease owner (`host/pid/…`) on this machine whose process is gone (killed, crashed). */
export function isDeadLocalProcess(owner: string): boolean {
  const [host, pid] = owner.split("/");
  if (host !== hostname() || !pid || !/^\d+$/.test(pid)) return false;
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  return isZombie(Number(pid));
}

/** Linux: the process has exited and only its entry waits to be reaped. Elsewhere: false. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name, in parentheses, may hold spaces: the state follows the last ")".
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}
