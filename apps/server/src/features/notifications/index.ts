// What other features may use of the notifications (docs/decisions/0032).
export { createNotification, createNotifications } from './create-notification.ts';
