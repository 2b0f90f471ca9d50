// What other features may use of the signed-in account and the password forms (docs/decisions/0032).
export { accountQueryKey, findStylist, useAccount } from './account-queries.ts';
export { NewPasswordFields } from './new-password-fields.tsx';
export { fieldError, formError, newPasswordProblems } from './new-password.ts';
export { changePassword } from './password-api.ts';
