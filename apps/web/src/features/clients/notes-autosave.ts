import type { QueryClient } from '@tanstack/react-query';

/** §4/§9: notes save 1 second after typing stops, or at once on blur. */
export const NOTES_AUTOSAVE_DELAY_MS = 1000;

export type NotesSaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

export interface NotesSnapshot {
  text: string;
  status: NotesSaveStatus;
}

export type SaveNotes = (text: string) => Promise<unknown>;

/**
 * One client's notes and their save queue. It lives outside React so that closing the modal
 * never drops a note: a save started on close finishes, and reopening shows the draft and its
 * state. At most one save is in flight; text typed meanwhile is saved when it returns, and the
 * server's answer never replaces the text.
 */
export function createNotesAutosave(savedText: string, save: SaveNotes) {
  let snapshot: NotesSnapshot = { text: savedText, status: { state: 'idle' } };
  let lastSavedText = savedText;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saveNotes = save;
  const listeners = new Set<() => void>();

  function publish(next: Partial<NotesSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  function cancelTimer(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  async function drain(): Promise<void> {
    let didSave = false;
    while (snapshot.text !== lastSavedText) {
      const text = snapshot.text;
      publish({ status: { state: 'saving' } });
      try {
        await saveNotes(text);
      } catch (error) {
        publish({ status: { state: 'failed', message: errorMessage(error) } });
        return;
      }
      lastSavedText = text;
      didSave = true;
    }
    if (didSave) publish({ status: { state: 'saved' } });
    // Retry after the text went back to what the server has: nothing is left to report.
    else if (snapshot.status.state === 'failed') publish({ status: { state: 'idle' } });
  }

  /** Save now (blur, Retry, close); resolves once everything typed is saved or a save failed. */
  function flush(): Promise<void> {
    cancelTimer();
    // While a save is in flight, its loop picks up the newer text when it returns.
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    getSnapshot: (): NotesSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The stylist typed: save once typing has paused. */
    change(text: string): void {
      // A failure stays on screen, with its Retry, until the next save starts.
      const keepsStatus = snapshot.status.state === 'failed' || running !== null;
      publish({ text, status: keepsStatus ? snapshot.status : { state: 'idle' } });
      cancelTimer();
      timer = setTimeout(() => void flush(), NOTES_AUTOSAVE_DELAY_MS);
    },
    flush,
    /** Text not yet on the server, or a save still in flight. */
    hasUnsavedChanges: (): boolean => running !== null || snapshot.text !== lastSavedText,
    /** Takes the server's notes after a reload, unless the stylist has unsaved text. */
    replaceSavedText(text: string): void {
      if (running !== null || snapshot.text !== lastSavedText) return;
      lastSavedText = text;
      publish({ text, status: { state: 'idle' } });
    },
    /** The newest mounted editor's save function (a mutation of its query client). */
    setSave(next: SaveNotes): void {
      saveNotes = next;
    },
  };
}

export type NotesAutosave = ReturnType<typeof createNotesAutosave>;

// ApiError carries the server's message (or a plain one for network and server failures).
function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}

interface RegistryEntry {
  autosave: NotesAutosave;
  /** Mounted editors showing this queue. */
  editors: number;
}

// Keyed by query client: the app has one, and each test starts with a fresh one and no drafts.
const registries = new WeakMap<QueryClient, Map<number, RegistryEntry>>();

function registryOf(queryClient: QueryClient): Map<number, RegistryEntry> {
  let registry = registries.get(queryClient);
  if (!registry) {
    registry = new Map();
    registries.set(queryClient, registry);
  }
  return registry;
}

/** The client's notes queue: the one still holding unsaved text, or a new one from the server's. */
export function getNotesAutosave(
  queryClient: QueryClient,
  clientId: number,
  savedText: string,
  save: SaveNotes,
): NotesAutosave {
  const registry = registryOf(queryClient);
  const existing = registry.get(clientId);
  // A queue nobody shows and with nothing pending would only hide newer server notes.
  if (existing && (existing.editors > 0 || existing.autosave.hasUnsavedChanges())) {
    existing.autosave.setSave(save);
    return existing.autosave;
  }
  const autosave = createNotesAutosave(savedText, save);
  registry.set(clientId, { autosave, editors: 0 });
  return autosave;
}

/**
 * An editor shows the queue until the returned function runs. Detaching starts saving what is
 * left; the queue is forgotten only once no editor shows it and nothing is pending, so a failed
 * save is still there, text and Retry, when the client is opened again.
 */
export function attachNotesEditor(
  queryClient: QueryClient,
  clientId: number,
  autosave: NotesAutosave,
): () => void {
  const registry = registryOf(queryClient);
  const entry = registry.get(clientId);
  const attached = entry?.autosave === autosave ? entry : { autosave, editors: 0 };
  attached.editors += 1;
  registry.set(clientId, attached);

  return () => {
    attached.editors -= 1;
    void autosave.flush().then(() => {
      const isIdle = attached.editors === 0 && !autosave.hasUnsavedChanges();
      if (isIdle && registry.get(clientId) === attached) registry.delete(clientId);
    });
  };
}
