import { MANIFEST_PRINT_DELAY_MS, MOBILE_APP_SCHEME_URL } from '@atelier/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Longest wait, after the delay, for the sheet's photos and label to arrive before printing. */
export const PRINT_IMAGE_WAIT_MS = 4000;

/** Resolves once every image under `root` has loaded or failed. */
function imagesSettled(root: HTMLElement | null): Promise<void> {
  const pending = Array.from(root?.querySelectorAll('img') ?? []).filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * §2 mobile print: once `isReady`, waits MANIFEST_PRINT_DELAY_MS (and for the images under
 * `sheetRef`, at most PRINT_IMAGE_WAIT_MS more), prints, then hands the phone back to the app.
 * Prints once per mount: StrictMode's second effect run and later re-renders never print again.
 */
export function usePrintWhenReady(isReady: boolean, sheetRef: RefObject<HTMLElement | null>) {
  const hasPrintedRef = useRef(false);
  const [hasPrinted, setHasPrinted] = useState(false);

  useEffect(() => {
    if (!isReady || hasPrintedRef.current) return;
    let isCancelled = false;
    let imageTimer: ReturnType<typeof setTimeout> | undefined;

    const delayTimer = setTimeout(() => {
      const waitCap = new Promise<void>((resolve) => {
        imageTimer = setTimeout(resolve, PRINT_IMAGE_WAIT_MS);
      });
      void Promise.race([imagesSettled(sheetRef.current), waitCap]).then(() => {
        if (isCancelled || hasPrintedRef.current) return;
        hasPrintedRef.current = true;
        window.print();
        setHasPrinted(true);
        window.location.assign(MOBILE_APP_SCHEME_URL);
      });
    }, MANIFEST_PRINT_DELAY_MS);

    return () => {
      isCancelled = true;
      clearTimeout(delayTimer);
      clearTimeout(imageTimer);
    };
  }, [isReady, sheetRef]);

  return hasPrinted;
}
