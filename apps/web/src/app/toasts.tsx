import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './providers.module.css';

/** Mantine's toast container; loaded by `AppProviders` with the first toast. */
export function Toasts() {
  return <Notifications position="top-center" classNames={{ root: classes.toasts }} />;
}
