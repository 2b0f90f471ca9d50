import { FILES_PATH } from '@atelier/contract';
import { sql, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema.ts';

/** The stylist's notifications about the client: each links to the client's pickup or review page. */
export function notificationsAboutClient(clientId: number): SQL {
  return sql`${notifications.link} ~ ${`^/quotes/(pickup|review)/${clientId}([?/#]|$)`}`;
}

/** The storage key of a media column's stored file (`/files/<key>`); null for none or an outside URL. */
export function storedKeyOf(value: string | null): string | null {
  const prefix = `${FILES_PATH}/`;
  return value?.startsWith(prefix) ? value.slice(prefix.length) : null;
}

/** The stand-in address of an erased client and their shop account: `.invalid` never delivers. */
export const erasedEmail = (clientId: number) => `erased-client-${clientId}@erased.invalid`;
