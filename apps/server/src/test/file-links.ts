// Until the pickup rename lands, its tests import the matchers from here (signed-link-matchers.ts).
export { keyOfSignedLink, signedLinkTo } from './signed-link-matchers.ts';
