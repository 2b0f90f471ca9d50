// What other features may use of the access links (docs/decisions/0032).
export {
  createAccessLink,
  createAccessLinkRow,
  findAccessLink,
  redeemAccessLink,
  revokeClientLinks,
  type AccessLink,
  type AccessLinkPurpose,
} from './access-links.ts';
