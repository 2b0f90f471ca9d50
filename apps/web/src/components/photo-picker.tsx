import { PROFILE_IMAGE_MAX_BYTES } from '@atelier/contract';
import { Avatar, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState, type ChangeEvent } from 'react';
import { IconCamera } from '@tabler/icons-react';
import classes from './photo-picker.module.css';

export const PHOTO_TOO_LARGE_MESSAGE = `That photo is over ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`;

export interface PhotoUpload {
  isPending: boolean;
  /** The server's refusal of the last upload, if it failed. */
  error: { message: string } | null;
  /** Forgets the last failure (a new choice replaces it). */
  reset: () => void;
  upload: (file: File) => void;
}

/**
 * A round photo that is its own button: "Add Photo" without one, "Change Photo" with one (§2's
 * words for the stylist's own, used for a client's too); a file
 * over the upload limit is refused here, before it is sent, and any failure shows below it.
 */
export function PhotoPicker({
  thumbnailUrl,
  initials,
  fileLabel,
  upload,
  messageWidth,
}: {
  thumbnailUrl: string | null;
  initials: string;
  /** The accessible name of the file input. */
  fileLabel: string;
  upload: PhotoUpload;
  messageWidth: number;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isTooLarge, setTooLarge] = useState(false);
  const action = thumbnailUrl ? 'Change Photo' : 'Add Photo';
  const errorMessage = isTooLarge ? PHOTO_TOO_LARGE_MESSAGE : (upload.error?.message ?? null);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared, so choosing the same file again after a failure still uploads it.
    event.currentTarget.value = '';
    if (!file) return;
    const tooLarge = file.size > PROFILE_IMAGE_MAX_BYTES;
    setTooLarge(tooLarge);
    if (tooLarge) upload.reset();
    else upload.upload(file);
  }

  return (
    <Stack gap={6} align="center" className={classes.photo}>
      <UnstyledButton
        aria-label={action}
        aria-busy={upload.isPending}
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
        className={classes.photoButton}
      >
        <Avatar src={thumbnailUrl} alt="" size={84} color="gold" variant="light">
          {initials}
        </Avatar>
        <span className={classes.photoOverlay} aria-hidden="true">
          {upload.isPending ? (
            <Loader size="sm" color="gold" />
          ) : (
            <IconCamera size={20} stroke={1.6} aria-hidden />
          )}
        </span>
        <Text component="span" size="xs" c="gold.4" className={classes.photoCaption}>
          {upload.isPending ? 'Uploading…' : action}
        </Text>
      </UnstyledButton>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        aria-label={fileLabel}
        onChange={onFileChosen}
      />
      {errorMessage && (
        <Text role="alert" size="xs" c="red.4" ta="center" maw={messageWidth}>
          {errorMessage}
        </Text>
      )}
    </Stack>
  );
}
