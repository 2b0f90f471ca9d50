import { afterEach, describe, expect, test, vi } from 'vitest';
import { createNotesAutosave, NOTES_AUTOSAVE_DELAY_MS } from './notes-autosave.ts';

afterEach(() => {
  vi.useRealTimers();
});

function deferredSaves() {
  const calls: { text: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = (text: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ text, resolve, reject });
    });
  return { calls, save };
}

describe('notes autosave queue', () => {
  test('waits for a 1 second pause in typing, then saves the newest text once', async () => {
    vi.useFakeTimers();
    const { calls, save } = deferredSaves();
    const notes = createNotesAutosave('', save);

    notes.change('S');
    await vi.advanceTimersByTimeAsync(NOTES_AUTOSAVE_DELAY_MS - 1);
    notes.change('Si');
    await vi.advanceTimersByTimeAsync(NOTES_AUTOSAVE_DELAY_MS - 1);
    expect(calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.text)).toEqual(['Si']);
    expect(notes.getSnapshot().status).toEqual({ state: 'saving' });
    calls[0]!.resolve();
    await vi.waitFor(() => expect(notes.getSnapshot().status).toEqual({ state: 'saved' }));
    expect(notes.hasUnsavedChanges()).toBe(false);
  });

  test('keeps one save in flight and sends what was typed meanwhile after it', async () => {
    const { calls, save } = deferredSaves();
    const notes = createNotesAutosave('', save);

    notes.change('a');
    const first = notes.flush();
    notes.change('ab');
    void notes.flush();
    notes.change('abc');
    void notes.flush();
    expect(calls.map((call) => call.text)).toEqual(['a']);
    expect(notes.getSnapshot().status).toEqual({ state: 'saving' });

    calls[0]!.resolve();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.text).toBe('abc');
    calls[1]!.resolve();
    await first;
    expect(notes.getSnapshot()).toEqual({ text: 'abc', status: { state: 'saved' } });
  });

  test('a failure keeps the text, and a retry after undoing the edit has nothing to report', async () => {
    const { calls, save } = deferredSaves();
    const notes = createNotesAutosave('kept', save);

    notes.change('kept and more');
    const saving = notes.flush();
    calls[0]!.reject(new Error('Offline'));
    await saving;
    expect(notes.getSnapshot()).toEqual({
      text: 'kept and more',
      status: { state: 'failed', message: 'Offline' },
    });
    expect(notes.hasUnsavedChanges()).toBe(true);

    notes.change('kept');
    expect(notes.getSnapshot().status.state).toBe('failed');
    await notes.flush();
    expect(calls).toHaveLength(1);
    expect(notes.getSnapshot().status).toEqual({ state: 'idle' });
  });

  test("a reload takes the server's notes only when nothing is unsaved", async () => {
    const { calls, save } = deferredSaves();
    const notes = createNotesAutosave('old', save);

    notes.change('typed');
    notes.replaceSavedText('from another device');
    expect(notes.getSnapshot().text).toBe('typed');

    const saving = notes.flush();
    calls[0]!.resolve();
    await saving;
    notes.replaceSavedText('from another device');
    expect(notes.getSnapshot().text).toBe('from another device');
    expect(notes.hasUnsavedChanges()).toBe(false);
  });
});
