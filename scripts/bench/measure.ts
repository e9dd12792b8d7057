import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One autocannon run against the server (a process of its own), 16 connections. */
export async function hammer(url: string, headers: Record<string, string> = {}, seconds = 8): Promise<{ perSecond: number; p99: number; failures: number }> {
  const result = await autocannon({ url, connections: 16, duration: seconds, headers });
  return { perSecond: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  return statusMiB(pid, 'VmRSS');
}

/** The most resident memory a process has had so far, in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** CPU time a process has used so far (user + system), in seconds (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time the PostgreSQL server on this machine has used so far, all its processes together
 * (Linux); undefined when none runs here (a server elsewhere).
 */
export function postgresCpuSeconds(): number | undefined {
  let total: number | undefined;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total = (total ?? 0) + cpuSeconds(Number(pid));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `work` from `parallel` loops for `seconds`; answers how many completed. */
export async function loops(parallel: number, seconds: number, work: () => Promise<unknown>): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < deadline) {
        await work();
        done += 1;
      }
    }),
  );
  return done;
}

/** Times `work` `times` times in a row; answers the latencies in ms. */
export async function timed(times: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work(i);
    latencies.push(performance.now() - started);
  }
  return latencies;
}
