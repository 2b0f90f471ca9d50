import { MORE_INFO_NOTE_MAX_LENGTH } from '@atelier/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { readServerFieldErrors } from '../../lib/server-field-errors.tsx';
import classes from './add-item-modal.module.css';
import { useImageUploads } from './image-uploads.ts';
import { useAnswerMoreInfo } from './more-info-mutations.ts';
import { PhotoPicker } from './photo-picker.tsx';

export const ANSWER_SENT_TEXT = 'Your answer went to the back office.';

interface AnswerMoreInfoModalProps {
  quoteId: number;
  /** What the back office asked for: "a photo of the date code". */
  missing: string;
  opened: boolean;
  onClose: () => void;
}

/** Photos and a note for the back office, sent back with the quote to "To authenticate". */
export function AnswerMoreInfoModal({
  quoteId,
  missing,
  opened,
  onClose,
}: AnswerMoreInfoModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const answer = useAnswerMoreInfo(quoteId);
  const photos = useImageUploads();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; imageIds?: string }>({});
  const isSending = answer.isPending;
  const canSend =
    (note.trim() !== '' || photos.imageIds.length > 0) && !photos.isUploading && !isSending;

  function close() {
    if (!isSending) onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    setErrors({});
    answer.mutate(
      { note, imageIds: photos.imageIds },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ANSWER_SENT_TEXT });
          onClose();
        },
        onError: (error) => {
          const { fields } = readServerFieldErrors(error, ['note', 'imageIds'] as const);
          setErrors({ note: fields.note?.join(' '), imageIds: fields.imageIds?.join(' ') });
          notifications.show({ color: 'red', message: error.message });
        },
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Answer for #${quoteId}`}
      size="lg"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      closeButtonProps={{ disabled: isSending, 'aria-label': 'Close' }}
      classNames={{ title: classes.title }}
    >
      <form onSubmit={onSubmit} noValidate className={classes.form}>
        <Stack gap="lg">
          <Text size="sm">The back office asks: {missing}</Text>
          <PhotoPicker
            photos={photos}
            isLocked={isSending}
            error={errors.imageIds}
            waitingAction="Send"
          />
          <Textarea
            label="Note for the back office"
            description="Optional with a photo: what you found, where the photo shows it."
            rows={3}
            resize="vertical"
            maxLength={MORE_INFO_NOTE_MAX_LENGTH}
            value={note}
            error={errors.note}
            readOnly={isSending}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setErrors((current) => ({ ...current, note: undefined }));
            }}
          />
          <Group justify="flex-end" gap="sm" className={classes.actions}>
            <Button variant="subtle" color="gray" onClick={close} disabled={isSending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSend} loading={isSending}>
              Send answer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
