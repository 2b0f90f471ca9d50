// What other features may use of the notifications (docs/decisions/0032).
export { createNotification, createNotifications } from './create-notification.ts';
// The back office's and the client hub's live streams go through the same hub and stream code.
export type { NotificationHub } from './notification-hub.ts';
export { openEventStream, STREAM_TIMING } from './event-stream.ts';
