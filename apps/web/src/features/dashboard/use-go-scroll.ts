import { useEffect } from 'react';
import { scrollBehavior } from '../../lib/motion.ts';

/** §2/§9: wait this long after navigating before scrolling to the `go` target. */
export const GO_SCROLL_DELAY_MS = 2_000;
/** §2/§9: leave this much room above the target (the top bar). */
export const GO_SCROLL_OFFSET_PX = 150;

function findGoTarget(go: string): HTMLElement | null {
  const byId = document.getElementById(go);
  if (byId) return byId;
  return (
    Array.from(document.querySelectorAll<HTMLElement>('[data-go]')).find(
      (element) => element.dataset.go === go,
    ) ?? null
  );
}

/**
 * Scrolls smoothly to the element whose id or data-go equals `go`, 2 s after each navigation.
 * `navigationKey` changes on every navigation, so following the same link again scrolls again.
 */
export function useGoScroll(go: string | null, navigationKey: string): void {
  useEffect(() => {
    if (!go) return;
    const timer = setTimeout(() => {
      const target = findGoTarget(go);
      if (!target) return;
      const top = target.getBoundingClientRect().top + window.scrollY - GO_SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(top, 0), behavior: scrollBehavior() });
    }, GO_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [go, navigationKey]);
}
