/**
 * The advertiser on the local Google stand-in's consent page (lib/local/google): opens Google's
 * authorize address the product gave, picks the fake Google account `user` and allows, as a
 * person does in the browser.
 * @returns the query of the redirect back to the product (`code` and `state`, or `error`).
 */
export async function consentOnStandIn(
  googleUrl: string,
  authorizeUrl: string,
  user: string,
): Promise<URLSearchParams> {
  const html = await (await fetch(authorizeUrl)).text();
  const id = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(`${googleUrl}/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: id, user, decision: 'allow' }),
  });
  return new URL(answer.headers.get('location') ?? '').searchParams;
}
