// ASVS V1/V3 (output encoding, web frontend): SECURITY.md "Text from query strings or users is never
// echoed as markup" — ?discord_error carries a code the server sent, shown as its fixed message
// (SPEC.md §2: 'Discord linking failed: {reason}'); any other text, a phishing line or markup, shows
// the one generic reason and appears nowhere on the page.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render-app.tsx';

const generic = 'Discord linking failed: something went wrong, please try again';

async function shownFor(query: string) {
  const { router } = renderApp(`/dashboard?discord_error=${query}`, { user: makeUser() });
  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(router.state.location.search).toBe(''));
  return alert.textContent;
}

describe('the Discord linking failure on the dashboard', () => {
  it.each([
    ['cancelled', 'you cancelled on Discord'],
    ['expired', 'the link expired or was already used, please try again'],
    ['other_browser', 'please finish linking in the browser where you started'],
    ['already_linked', 'this Discord account is already linked to another player'],
    ['unavailable', 'Discord is unavailable right now, please try again later'],
    ['not_configured', 'Discord is not configured on this server'],
  ])('shows the fixed message for the code %s', async (code, reason) => {
    expect(await shownFor(code)).toContain(`Discord linking failed: ${reason}`);
  });

  it('shows the generic message for any other text, which appears nowhere on the page', async () => {
    const phishing = 'Your account is suspended, call +1 555 0100 to restore it';
    expect(await shownFor(encodeURIComponent(phishing))).toContain(generic);
    expect(document.body.textContent).not.toContain('suspended');
    expect(document.body.textContent).not.toContain('555 0100');
  });

  it.each(['%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'toString', '__proto__', 'access_denied', ''])(
    'shows the generic message for %j',
    async (query) => {
      expect(await shownFor(query)).toContain(generic);
      expect(document.querySelector('img[src="x"]')).toBeNull();
      expect(document.body.textContent).not.toContain('onerror');
    },
  );
});
