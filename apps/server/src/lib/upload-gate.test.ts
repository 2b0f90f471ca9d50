import { describe, expect, test } from 'vitest';
import { createGate, GateFullError } from './upload-gate.ts';

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('the upload gate', () => {
  test('lets `size` holders in at once and the next in turn, first come first served', async () => {
    const gate = createGate({ size: 2, maxWaitMs: 5_000 });
    const first = await gate.acquire();
    const second = await gate.acquire();
    const order: string[] = [];
    const third = gate.acquire().then((release) => (order.push('third'), release));
    const fourth = gate.acquire().then((release) => (order.push('fourth'), release));
    expect([gate.active, gate.waiting]).toEqual([2, 2]);

    first();
    first(); // freeing twice frees once
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  test('a waiter is refused once the wait is over, at once when there is no wait', async () => {
    const gate = createGate({ size: 1, maxWaitMs: 50 });
    const held = await gate.acquire();
    const refused = await settle(gate.acquire());
    expect((refused as { error: unknown }).error).toBeInstanceOf(GateFullError);
    expect(gate.waiting).toBe(0);
    held();
    expect(gate.active).toBe(0);

    const noWait = createGate({ size: 1, maxWaitMs: 0 });
    const release = await noWait.acquire();
    expect((await settle(noWait.acquire())) as { error: unknown }).toEqual({
      error: expect.any(GateFullError),
    });
    release();
  });

  test('a waiter whose signal aborts leaves the queue and never takes a slot', async () => {
    const gate = createGate({ size: 1, maxWaitMs: 5_000 });
    const held = await gate.acquire();
    const left = new AbortController();
    const leaving = settle(gate.acquire(left.signal));
    const staying = gate.acquire();
    left.abort(new Error('gone'));
    expect(await leaving).toEqual({ error: new Error('gone') });
    expect(gate.waiting).toBe(1);
    held();
    (await staying)();
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
    // Already aborted: refused before it waits.
    expect(await settle(gate.acquire(AbortSignal.abort(new Error('late'))))).toEqual({
      error: new Error('late'),
    });
  });
});
