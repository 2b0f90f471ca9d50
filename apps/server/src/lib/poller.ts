import type { FastifyBaseLogger } from 'fastify';
import { driverCause, isDatabaseUnavailable } from '../db/errors.ts';

export interface Poller {
  /** Runs every `intervalMs` until `stop()`; rounds never overlap and the timer keeps no process alive. */
  start(): void;
  /** Stops polling and waits for a round in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `round` again `intervalMs` after each one ends. A failed round is logged (a database out of
 * reach as a warning: the next round, after the outage, does the work) and the polling goes on.
 */
export function createPoller(input: {
  round: () => Promise<unknown>;
  intervalMs: number;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** "outbox round", as the log names a failure. */
  name: string;
}): Poller {
  const { logger, name } = input;
  let isPolling = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  function schedule() {
    timer = setTimeout(poll, input.intervalMs);
    timer.unref();
  }

  function poll() {
    inFlight = input
      .round()
      .then(
        () => undefined,
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) {
            logger.warn(
              { cause: driverCause(error) },
              `${name} failed: the database is out of reach`,
            );
          } else {
            logger.error({ err: error }, `${name} failed`);
          }
        },
      )
      .finally(() => {
        inFlight = undefined;
        if (isPolling) schedule();
      });
  }

  return {
    start() {
      if (isPolling) return;
      isPolling = true;
      schedule();
    },
    async stop() {
      isPolling = false;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
