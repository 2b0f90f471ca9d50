import fs from 'node:fs';

/** USER_HZ, which Linux fixes at 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_S = 100;

/**
 * A process's CPU time so far (user + system), in ms, from /proc (Linux): what a server spent on
 * the requests between two readings, which moves less than req/s on a shared machine.
 */
export function cpuMs(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}
