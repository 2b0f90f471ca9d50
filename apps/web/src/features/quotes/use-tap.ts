import { isTap, selectionInputFor } from '@atelier/contract';
import { useRef, type TouchEvent } from 'react';

export interface TapHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
}

/**
 * §4/§9: at or below the mobile breakpoint an item is selected by touch, and a vertical move over
 * 10 px (a scroll) is not a tap. Above the breakpoint touches are left alone and the browser's
 * click selects.
 */
export function useTap(onTap: () => void): TapHandlers {
  const startY = useRef<number | null>(null);

  return {
    onTouchStart(event) {
      const touch = event.touches[0];
      const isTouchInput = selectionInputFor(window.innerWidth) === 'touch';
      startY.current = isTouchInput && touch && event.touches.length === 1 ? touch.clientY : null;
    },
    onTouchEnd(event) {
      const start = startY.current;
      startY.current = null;
      const touch = event.changedTouches[0];
      if (start === null || !touch) return;
      // The touch is the selection: the click the browser would synthesise after it must not toggle again.
      if (event.cancelable) event.preventDefault();
      if (isTap(start, touch.clientY)) onTap();
    },
    onTouchCancel() {
      startY.current = null;
    },
  };
}
