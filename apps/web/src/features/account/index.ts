// What other features may use of the account modal's parts (docs/decisions/0032).
export { uploadProfileImage } from './profile-photo-queries.ts';
