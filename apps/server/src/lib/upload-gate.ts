/** No slot came free within the gate's wait. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/**
 * A counting semaphore with a bounded wait: at most `size` holders at once, the others waiting
 * in turn (first come, first served) for at most `maxWaitMs` each.
 */
export interface Gate {
  /**
   * Resolves with the function that frees the slot (calling it twice frees it once). Rejects with
   * GateFullError when no slot comes free within the wait, or with the signal's reason when it
   * aborts first; a waiter that leaves takes no slot.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Slots held now. */
  readonly active: number;
  /** Callers waiting for a slot now. */
  readonly waiting: number;
}

interface Waiter {
  grant: (release: () => void) => void;
}

export function createGate({ size, maxWaitMs }: { size: number; maxWaitMs: number }): Gate {
  let active = 0;
  const queue: Waiter[] = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next waiter, so no newcomer can take it in between.
      if (next) next.grant(releaser());
      else active--;
    };
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (active < size) {
        active++;
        return Promise.resolve(releaser());
      }
      if (maxWaitMs <= 0) return Promise.reject(new GateFullError('every slot is taken'));
      return new Promise((resolve, reject) => {
        const leave = (error: unknown) => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        };
        const onAbort = () => leave(signal?.reason);
        const timer = setTimeout(
          () => leave(new GateFullError(`no slot came free within ${maxWaitMs} ms`)),
          maxWaitMs,
        );
        const waiter: Waiter = {
          grant: (release) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(release);
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
