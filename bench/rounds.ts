/**
 * What the office benches share: every scenario run with autocannon in interleaved rounds (so a
 * burst of load on the shared machine spreads over all of them), then one table of the spread of
 * each figure across the rounds, against the latency target.
 */
import os from 'node:os';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  path: string;
}

interface Sample {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
}

export interface RoundsOptions {
  address: string;
  /** Sent with /api/ paths only (the baseline /health/live goes bare). */
  headers: Record<string, string>;
  scenarios: readonly Scenario[];
  rounds: number;
  /** Seconds per scenario per round. */
  duration: number;
  /** Seconds of warm-up before each scenario's first round; 0 for none. */
  warmup: number;
  connections: number;
}

/** Runs the rounds; `failed` when any answer was not 2xx (then the figures measure nothing). */
export async function runRounds(options: RoundsOptions) {
  const samples = new Map<string, Sample[]>();
  let failed = false;
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const scenario of options.scenarios) {
      const run = (seconds: number) =>
        autocannon({
          url: `${options.address}${scenario.path}`,
          headers: scenario.path.startsWith('/api/') ? options.headers : {},
          connections: options.connections,
          duration: seconds,
        });
      if (options.warmup > 0 && round === 1) await run(options.warmup);
      const result = await run(options.duration);
      if (result.non2xx + result.errors + result.timeouts > 0) {
        failed = true;
        console.error(
          `${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      }
      const list = samples.get(scenario.name) ?? [];
      list.push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
      });
      samples.set(scenario.name, list);
    }
    console.log(`round ${round} done, load average ${os.loadavg()[0]!.toFixed(2)}`);
  }
  return { samples, failed };
}

/** One row a scenario: the lowest and highest of each figure, and whether p97.5 met the target. */
export function printRounds(samples: Map<string, Sample[]>, targetMs: number) {
  const spread = (values: number[]) =>
    `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
  const width = Math.max(...[...samples.keys()].map((name) => name.length));
  console.log(
    `\n${'scenario'.padEnd(width)}      req/s    p50 ms  p97.5 ms    p99 ms  p97.5 ≤ ${targetMs} ms`,
  );
  for (const [name, list] of samples) {
    const worst = Math.max(...list.map((s) => s.p97_5));
    // A scenario that finished no request in a round met nothing, whatever its latencies say.
    const met = worst <= targetMs && list.every((s) => s.rps > 0);
    const verdict = name.startsWith('GET /health') ? '' : met ? 'yes' : 'NO';
    console.log(
      `${name.padEnd(width)} ${spread(list.map((s) => s.rps)).padStart(10)} ${spread(list.map((s) => s.p50)).padStart(9)} ${spread(list.map((s) => s.p97_5)).padStart(9)} ${spread(list.map((s) => s.p99)).padStart(9)}  ${verdict}`,
    );
  }
}
