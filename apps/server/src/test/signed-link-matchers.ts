/** `/files/<key>?expires=…&signature=…`: the only shape in which an answer may carry a stored file. */
const SIGNED_LINK = /^\/files\/([^?]+)\?expires=\d+&signature=[\w-]{43}$/;

/** The stored key a signed link points at; fails the test when `url` is not a signed link. */
export function keyOfSignedLink(url: string | null | undefined): string {
  const key = url ? SIGNED_LINK.exec(url)?.[1] : undefined;
  if (!key) throw new Error(`not a signed file link: ${String(url)}`);
  return key;
}

/** A matcher for a signed link whose key matches `keyPattern` (a regular expression's source). */
export function signedLinkTo(keyPattern: string): RegExp {
  return new RegExp(`^/files/${keyPattern}\\?expires=\\d+&signature=[\\w-]{43}$`);
}
