import type { QuoteImage } from '@atelier/contract';
import { Modal, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './item-page.module.css';

/** The item's photos, large; a click (or Enter) opens one full size in a dialog. */
export function ItemPhotos({ images, name }: { images: readonly QuoteImage[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState(0);
  const current = images[shown];
  if (!current) {
    return (
      <div className={`${classes.mainPhoto} ${classes.noPhoto}`}>
        <IconPhoto size={40} stroke={1.4} aria-hidden />
        <Text size="sm" c="dark.1">
          No photos
        </Text>
      </div>
    );
  }
  const zoomed = open === null ? undefined : images[open];
  return (
    <div>
      <button
        type="button"
        className={classes.photoButton}
        onClick={() => setOpen(shown)}
        aria-label={`Open photo ${shown + 1} of ${images.length} full size`}
      >
        <img className={classes.mainPhoto} src={current.url} alt={`${name}, photo ${shown + 1}`} />
      </button>
      {images.length > 1 && (
        <ul className={classes.thumbs} aria-label="Photos">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className={classes.thumbButton}
                aria-label={`Show photo ${index + 1}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
              >
                <img src={image.thumbnailUrl} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        opened={zoomed !== undefined}
        onClose={() => setOpen(null)}
        title={`${name}, photo ${(open ?? 0) + 1} of ${images.length}`}
        size="auto"
        centered
      >
        {zoomed && (
          <img className={classes.fullPhoto} src={zoomed.url} alt={`${name}, full size`} />
        )}
      </Modal>
    </div>
  );
}
