/**
 * Signs in the way the web does: the session cookie, then the short API token it gives.
 */
export async function sessionCookieFor(
  address: string,
  origin: string,
  account: { email: string; password: string },
): Promise<{ cookies: { name: string; value: string }[]; token: string }> {
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookies = signIn.headers.getSetCookie().map((setCookie) => {
    const pair = setCookie.split(';')[0]!;
    const equals = pair.indexOf('=');
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
  });
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const answer = await fetch(`${address}/api/auth/token`, { headers: { cookie } });
  const { token } = (await answer.json()) as { token: string };
  return { cookies, token };
}

/** The bearer header the API calls carry, for the account signed in as the web does. */
export async function bearerFor(
  address: string,
  origin: string,
  account: { email: string; password: string },
): Promise<{ authorization: string }> {
  const { token } = await sessionCookieFor(address, origin, account);
  return { authorization: `Bearer ${token}` };
}
