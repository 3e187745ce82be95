// @vitest-environment jsdom
// Electron security checklist 1 (only load secure content): a plain-http server address other than
// this machine is warned about on the sign-in screen and needs an explicit confirmation before the
// password is sent; https and localhost need none.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignIn, submitSignIn, typeServer } from './sign-in-screen.tsx';

const warning = 'This address is not encrypted: your password and session would travel in clear text.';
const confirmation = 'Connect without encryption anyway';

afterEach(() => vi.unstubAllGlobals());

describe('sign-in to an encrypted or local server', () => {
  it.each(['https://shop.example.com', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    '%s: no warning, no confirmation, signs in',
    async (address) => {
      const { onSignedIn, calls } = renderSignIn();
      typeServer(address);
      expect(screen.queryByText(warning)).toBeNull();
      expect(screen.queryByLabelText(confirmation)).toBeNull();
      submitSignIn();
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(address, 'tok'));
      expect(calls).toEqual([`POST ${address}/api/auth/login`]);
    },
  );
});

describe('sign-in to a plain-http server elsewhere', () => {
  it('warns, and sends nothing until the admin confirms', async () => {
    const { onSignedIn, calls } = renderSignIn();
    typeServer('http://shop.example.com');
    expect(screen.getByText(warning)).toBeTruthy();
    const box = screen.getByLabelText(confirmation) as HTMLInputElement;
    expect(box.checked).toBe(false);

    submitSignIn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Confirm that you want to connect without encryption, or use an https:// address',
    );
    expect(calls).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();

    box.click();
    submitSignIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('http://shop.example.com', 'tok'));
    expect(calls).toEqual(['POST http://shop.example.com/api/auth/login']);
  });

  it('asks again when the address changes after a confirmation', async () => {
    const { calls } = renderSignIn();
    typeServer('http://shop.example.com');
    (screen.getByLabelText(confirmation) as HTMLInputElement).click();
    typeServer('http://other.example.com');
    expect((screen.getByLabelText(confirmation) as HTMLInputElement).checked).toBe(false);
    submitSignIn();
    await screen.findByRole('alert');
    expect(calls).toEqual([]);
  });

  it('warns about a remembered plain-http address too', async () => {
    const { calls } = renderSignIn({ serverUrl: 'http://shop.example.com' });
    expect(screen.getByText(warning)).toBeTruthy();
    submitSignIn();
    await screen.findByRole('alert');
    expect(calls).toEqual([]);
  });
});
