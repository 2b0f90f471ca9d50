/** Smooth scrolling, unless the system asks for less motion (WCAG 2.3.3). */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
