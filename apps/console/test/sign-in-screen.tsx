// Renders the console's sign-in screen with the API faked at fetch (the screen makes its own client
// for the address typed), and fills and sends its form the way the admin does.
import { createFakeApi, json, makeAdmin } from '@starport/ui/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { SignIn } from '../src/renderer/sign-in.tsx';

/** Servers that answer a login; any other address gets the fake's 404. */
const servers = [
  'https://shop.example.com',
  'http://shop.example.com',
  'http://other.example.com',
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://[::1]:3000',
];

export function renderSignIn({ serverUrl = '', remembersSignIn = true } = {}) {
  const api = createFakeApi(
    Object.fromEntries(
      servers.map((origin) => [`POST ${origin}/api/auth/login`, () => json(200, { token: 'tok', user: makeAdmin() })]),
    ),
    { token: null },
  );
  vi.stubGlobal('fetch', api.fetch);
  const onSignedIn = vi.fn(async (_serverUrl: string, _token: string) => undefined);
  render(<SignIn serverUrl={serverUrl} remembersSignIn={remembersSignIn} onSignedIn={onSignedIn} />);
  return { onSignedIn, calls: api.calls };
}

export function typeServer(address: string) {
  fireEvent.change(screen.getByLabelText('Server address'), { target: { value: address } });
}

export function submitSignIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@starport.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}
