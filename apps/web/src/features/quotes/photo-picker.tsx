import { Button, CloseButton, Input, Progress, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { IMAGE_LIMITS_TEXT, type ImageUpload, type useImageUploads } from './image-uploads.ts';
import classes from './photo-picker.module.css';

interface PhotoPickerProps {
  /** The chosen photos and their uploads (useImageUploads). */
  photos: ReturnType<typeof useImageUploads>;
  /** While the form is being sent nothing is added or removed. */
  isLocked: boolean;
  /** The server's complaint about the photos, if any. */
  error?: ReactNode;
  /** Said while photos upload: which button waits for them ("Add Item", "Send"). */
  waitingAction: string;
}

/**
 * "Photos": the limits, a preview of each chosen photo with its upload's progress and a remove
 * button, and "Add Photos" (a label for the real file input, which stays reachable by keyboard).
 */
export function PhotoPicker({ photos, isLocked, error, waitingAction }: PhotoPickerProps) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-limits`}
      className={classes.photos}
    >
      <Input.Label id={`${id}-label`} labelElement="div">
        Photos
      </Input.Label>
      <Input.Description id={`${id}-limits`}>{IMAGE_LIMITS_TEXT}</Input.Description>
      {photos.uploads.length > 0 && (
        <ul className={classes.previews} aria-label="Chosen photos">
          {photos.uploads.map((upload) => (
            <PhotoPreview
              key={upload.key}
              upload={upload}
              isLocked={isLocked}
              onRemove={() => photos.remove(upload.key)}
            />
          ))}
        </ul>
      )}
      <div className={classes.addPhotosRow}>
        <input
          id={`${id}-input`}
          type="file"
          accept="image/*"
          multiple
          className={classes.fileInput}
          disabled={isLocked || photos.isFull}
          aria-describedby={`${id}-limits`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            photos.addFiles(Array.from(event.currentTarget.files ?? []));
            // The same file may be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
        />
        <Button
          component="label"
          htmlFor={`${id}-input`}
          variant="outline"
          className={classes.addPhotos}
          data-disabled={isLocked || photos.isFull || undefined}
        >
          Add Photos
        </Button>
      </div>
      {error && <Input.Error>{error}</Input.Error>}
      <Text size="sm" c="dimmed" role="status">
        {photos.isUploading ? `Uploading… ${waitingAction} waits until every photo is in.` : ''}
      </Text>
    </div>
  );
}

interface PhotoPreviewProps {
  upload: ImageUpload;
  isLocked: boolean;
  onRemove: () => void;
}

function PhotoPreview({ upload, isLocked, onRemove }: PhotoPreviewProps) {
  const isUploading = upload.image === null;
  return (
    <li className={classes.preview} aria-busy={isUploading}>
      <img src={upload.previewUrl} alt={upload.fileName} className={classes.previewImage} />
      {isUploading && (
        <Progress
          value={Math.round(upload.progress * 100)}
          size="sm"
          radius={0}
          striped
          animated
          aria-label={`Uploading ${upload.fileName}`}
          className={classes.progress}
        />
      )}
      <CloseButton
        size="sm"
        variant="filled"
        aria-label={`Remove ${upload.fileName}`}
        disabled={isLocked}
        onClick={onRemove}
        className={classes.remove}
      />
    </li>
  );
}
