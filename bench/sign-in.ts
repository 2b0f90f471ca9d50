/**
 * Signs in the way the web does (cookie session, then the short API token) and gives the
 * bearer header the API calls carry.
 */
export async function bearerFor(
  address: string,
  origin: string,
  account: { email: string; password: string },
): Promise<{ authorization: string }> {
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${address}/api/auth/token`, { headers: { cookie } });
  const { token } = (await answer.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
