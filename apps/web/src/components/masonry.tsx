import type { CSSProperties, ReactNode } from 'react';
import classes from './masonry.module.css';

interface MasonryProps {
  children: ReactNode;
  /** Columns on wide screens; tablets get at most 2, phones 1. */
  columns?: 2 | 3;
  gap?: string;
  className?: string;
}

/**
 * The card masonry of §2, with CSS columns: the DOM keeps the logical order (screen readers and
 * keyboard follow it) and each card keeps its own height.
 */
export function Masonry({ children, columns = 3, gap = '1.25rem', className }: MasonryProps) {
  const style = { '--masonry-columns': columns, '--masonry-gap': gap } as CSSProperties;
  return (
    <div className={[classes.masonry, className].filter(Boolean).join(' ')} style={style}>
      {children}
    </div>
  );
}
