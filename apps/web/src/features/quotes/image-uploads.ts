import {
  QUOTE_IMAGE_MAX_BYTES,
  QUOTE_IMAGE_TYPES,
  QUOTE_MAX_IMAGES,
  type UploadedImage,
} from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useUploadQuoteImage } from './new-item-mutations.ts';

/** §8: the one text for a photo that could not be uploaded, and for a failed Add Item. */
export const UPLOAD_FAILED_TEXT = 'Sorry, there was a problem uploading that file';

/** The §8 toast, with the reason underneath when there is one (too large, not a photo …). */
export function showUploadFailure(reason?: string | null): void {
  notifications.show(
    reason
      ? { color: 'red', title: UPLOAD_FAILED_TEXT, message: reason }
      : { color: 'red', message: UPLOAD_FAILED_TEXT },
  );
}

const MAX_MEGABYTES = QUOTE_IMAGE_MAX_BYTES / (1024 * 1024);
const TYPE_NAMES = QUOTE_IMAGE_TYPES.map((type) => type.replace('image/', '').toUpperCase());
/** "JPEG, PNG, WEBP, GIF or AVIF", from the types the server takes. */
export const IMAGE_TYPES_TEXT = `${TYPE_NAMES.slice(0, -1).join(', ')} or ${TYPE_NAMES.at(-1)}`;
export const IMAGE_LIMITS_TEXT = `${IMAGE_TYPES_TEXT}, up to ${MAX_MEGABYTES} MB each; at most ${QUOTE_MAX_IMAGES} photos.`;

/** Why a file is refused before it is sent: the server would refuse it anyway. */
export function refusalReason(file: File): string | null {
  if (!(QUOTE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a ${IMAGE_TYPES_TEXT} photo.`;
  }
  if (file.size > QUOTE_IMAGE_MAX_BYTES) {
    return `${file.name} is larger than ${MAX_MEGABYTES} MB.`;
  }
  return null;
}

function uploadFailureReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.errors?.image?.join(' ') || error.message;
}

export interface ImageUpload {
  readonly key: number;
  readonly fileName: string;
  /** An object URL of the chosen file, shown until the modal closes. */
  readonly previewUrl: string;
  /** Share of the file sent so far, 0 to 1. */
  readonly progress: number;
  /** The server's image once the upload is done; null while it is under way. */
  readonly image: UploadedImage | null;
}

let nextUploadKey = 1;

/**
 * The photos of a new item: each chosen file is checked, previewed and uploaded at once, several in
 * parallel. A removed or failed photo gives back its object URL; unmounting aborts what is under
 * way and gives back every URL.
 */
export function useImageUploads() {
  const upload = useUploadQuoteImage();
  const [uploads, setUploads] = useState<readonly ImageUpload[]>([]);
  // What each photo holds outside React state; changed only in event handlers.
  const held = useRef(new Map<number, { controller: AbortController; previewUrl: string }>());

  useEffect(() => {
    const resources = held.current;
    return () => {
      for (const { controller, previewUrl } of resources.values()) {
        controller.abort();
        URL.revokeObjectURL(previewUrl);
      }
      resources.clear();
    };
  }, []);

  function update(key: number, change: Partial<ImageUpload>) {
    setUploads((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }

  function remove(key: number) {
    const resources = held.current.get(key);
    if (resources) {
      resources.controller.abort();
      URL.revokeObjectURL(resources.previewUrl);
      held.current.delete(key);
    }
    setUploads((current) => current.filter((item) => item.key !== key));
  }

  function start(file: File) {
    const key = nextUploadKey++;
    const controller = new AbortController();
    const previewUrl = URL.createObjectURL(file);
    held.current.set(key, { controller, previewUrl });
    setUploads((current) => [
      ...current,
      { key, fileName: file.name, previewUrl, progress: 0, image: null },
    ]);
    upload
      .mutateAsync({
        file,
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      })
      .then(
        (image) => update(key, { image, progress: 1 }),
        (error: unknown) => {
          // Removed by the stylist, or the modal closed: nothing failed.
          if (controller.signal.aborted) return;
          remove(key);
          showUploadFailure(uploadFailureReason(error));
        },
      );
  }

  function addFiles(files: readonly File[]) {
    const acceptable = files.filter((file) => {
      const reason = refusalReason(file);
      if (reason) showUploadFailure(reason);
      return reason === null;
    });
    const room = Math.max(0, QUOTE_MAX_IMAGES - held.current.size);
    const leftOut = acceptable.length - room;
    if (leftOut > 0) {
      showUploadFailure(
        `An item takes at most ${QUOTE_MAX_IMAGES} photos, so ${leftOut} ${leftOut === 1 ? 'was' : 'were'} left out.`,
      );
    }
    acceptable.slice(0, room).forEach(start);
  }

  return {
    uploads,
    addFiles,
    remove,
    isFull: uploads.length >= QUOTE_MAX_IMAGES,
    isUploading: uploads.some((item) => item.image === null),
    imageIds: uploads.flatMap((item) => (item.image ? [item.image.id] : [])),
  };
}
