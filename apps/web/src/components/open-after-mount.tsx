import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded dialog closed, then open on the next task: Mantine's modal notes the
 * element to give the focus back to when it sees `opened` turn true, not when it mounts open.
 */
export function OpenAfterMount({ children }: { children: (canOpen: boolean) => ReactNode }) {
  const [canOpen, setCanOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setCanOpen(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return children(canOpen);
}
