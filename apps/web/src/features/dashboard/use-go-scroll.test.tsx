import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useGoScroll } from './use-go-scroll.ts';

function placeTarget(attributes: { id?: string; go?: string }, top: number): HTMLElement {
  const element = document.createElement('section');
  if (attributes.id) element.id = attributes.id;
  if (attributes.go) element.dataset.go = attributes.go;
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 100, height: 50 });
  document.body.append(element);
  return element;
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.scrollY = 0;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('useGoScroll', () => {
  test('scrolls smoothly to the go target 2 seconds after navigation, 150 px above it', () => {
    placeTarget({ id: 'commissions' }, 900);
    renderHook(() => useGoScroll('commissions', 'nav-1'));

    vi.advanceTimersByTime(1_999);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 750, behavior: 'smooth' });
  });

  test('counts the current scroll position and finds data-go targets', () => {
    placeTarget({ go: 'addClient' }, 300);
    window.scrollY = 400;
    renderHook(() => useGoScroll('addClient', 'nav-1'));

    vi.advanceTimersByTime(2_000);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 550, behavior: 'smooth' });
  });

  test('does nothing without a go value or a matching element', () => {
    renderHook(() => useGoScroll(null, 'nav-1'));
    renderHook(() => useGoScroll('missing', 'nav-1'));
    vi.advanceTimersByTime(5_000);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test('a new navigation restarts the delay, and leaving cancels it', () => {
    placeTarget({ id: 'dashboard' }, 500);
    const { rerender, unmount } = renderHook(({ key }) => useGoScroll('dashboard', key), {
      initialProps: { key: 'nav-1' },
    });

    vi.advanceTimersByTime(1_500);
    rerender({ key: 'nav-2' });
    vi.advanceTimersByTime(1_500);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    rerender({ key: 'nav-3' });
    unmount();
    vi.advanceTimersByTime(5_000);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
