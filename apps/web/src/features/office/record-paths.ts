import { generatePath } from 'react-router';
import { routes } from '../../app/routes.ts';

/** A client's record in the back office (`/office/clients/:clientId`). */
export function clientRecordPath(clientId: number): string {
  return generatePath(routes.officeClient.path, { clientId: String(clientId) });
}

/** A stylist's record in the back office (`/office/stylists/:stylistId`). */
export function stylistRecordPath(stylistId: number): string {
  return generatePath(routes.officeStylist.path, { stylistId: String(stylistId) });
}

/** The id in a record's path, or 0 when it is not one (the page then says "No such …"). */
export function recordId(param: string | undefined): number {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}
