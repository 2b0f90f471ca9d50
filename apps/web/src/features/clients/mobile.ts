import { MOBILE_BREAKPOINT_PX } from '@atelier/contract';

/** §9: at or below 600 px the screens take their phone layout. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;
