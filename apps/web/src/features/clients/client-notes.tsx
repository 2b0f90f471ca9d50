import { CLIENT_COMMENT_MAX_LENGTH } from '@atelier/contract';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useDisplayText } from '../content/index.ts';
import classes from './client-detail.module.css';
import { useSaveClientComment } from './client-queries.ts';
import { SectionTitle } from './client-stats.tsx';
import {
  attachNotesEditor,
  getNotesAutosave,
  type NotesAutosave,
  type NotesSaveStatus,
} from './notes-autosave.ts';

export interface ClientNotesState {
  text: string;
  status: NotesSaveStatus;
  autosave: NotesAutosave;
}

/** The client's notes, saved through the client's queue (see notes-autosave.ts). */
export function useClientNotes(clientId: number, savedText: string): ClientNotesState {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveClientComment(clientId);
  const save = useCallback((comment: string) => mutateAsync({ comment }), [mutateAsync]);
  const [autosave] = useState(() => getNotesAutosave(queryClient, clientId, savedText, save));

  useEffect(() => autosave.setSave(save), [autosave, save]);
  useEffect(
    () => attachNotesEditor(queryClient, clientId, autosave),
    [queryClient, clientId, autosave],
  );
  useEffect(() => {
    // Leaving the page mid-save: start the save and let the browser ask to stay.
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!autosave.hasUnsavedChanges()) return;
      void autosave.flush();
      event.preventDefault();
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [autosave]);

  const { text, status } = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot);
  return { text, status, autosave };
}

export function ClientNotes({ notes }: { notes: ClientNotesState }) {
  const headingId = useId();
  const placeholder = useDisplayText('client.commentPlaceholder');
  const { autosave } = notes;

  // A plain wrapper: labelling it as well would give the name "Notes" to two elements.
  return (
    <div>
      <Group justify="space-between" align="center" mb="xs" gap="xs" wrap="nowrap">
        <SectionTitle id={headingId}>Notes</SectionTitle>
        <Text role="status" size="xs" c="dimmed">
          {notes.status.state === 'saving' && 'Saving…'}
          {notes.status.state === 'saved' && 'Saved'}
        </Text>
      </Group>
      {notes.status.state === 'failed' && (
        <Group gap="xs" wrap="nowrap" justify="space-between" mb="xs" className={classes.failed}>
          <Text role="alert" size="sm" c="red.3" className={classes.failedMessage}>
            Not saved — {notes.status.message}
          </Text>
          <Button
            size="compact-sm"
            variant="outline"
            color="red"
            className={classes.retry}
            onClick={() => void autosave.flush()}
          >
            Retry
          </Button>
        </Group>
      )}
      <Textarea
        aria-labelledby={headingId}
        value={notes.text}
        placeholder={placeholder}
        maxLength={CLIENT_COMMENT_MAX_LENGTH}
        rows={5}
        resize="vertical"
        onChange={(event) => autosave.change(event.currentTarget.value)}
        onBlur={() => void autosave.flush()}
      />
    </div>
  );
}
