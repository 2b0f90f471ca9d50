// What other features may use of the account site hand-off (docs/decisions/0032).
export {
  createAccountSiteLink,
  demoHandoffSecret,
  verifyAccountSiteHandoff,
  type HandoffIssuer,
} from './account-site-link.ts';
