// What other features may use of the notifications (docs/decisions/0032).
export { createNotification, createNotifications } from './create-notification.ts';
// The back office's live stream (issue 30 item 12) goes through the same hub and stream code.
export type { NotificationHub } from './notification-hub.ts';
export { openEventStream } from './event-stream.ts';
