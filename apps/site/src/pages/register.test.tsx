// The sign-up form of SPEC.md §5/§8: the exact validation texts, the server's refusal, success.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

interface Form {
  email: string;
  username: string;
  password: string;
  confirm: string;
}

const valid: Form = { email: 'nova@example.com', username: 'nova', password: 'hunter22', confirm: 'hunter22' };

function submitRegister(overrides: Partial<Form> = {}) {
  const form = { ...valid, ...overrides };
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: form.email } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: form.username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: form.password } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: form.confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('register page', () => {
  it('requires every field', () => {
    const { calls } = renderApp('/register');

    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Username must be 3 to 20 characters')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/register');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    const { calls } = renderApp('/register');

    submitRegister({ confirm: 'hunter23' });

    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it("says 'Password must be at least 6 characters' for a short password", () => {
    const { calls } = renderApp('/register');

    submitRegister({ password: 'abc12', confirm: 'abc12' });

    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it.each([
    ['abcdef', 'Password cannot be a simple sequence such as abcdef, 123456 or qwerty'],
    ['aaaaaa', 'Password cannot be one character repeated'],
    ['      ', 'Password cannot be only spaces'],
    ['NOVA', 'Password must be at least 6 characters'],
  ])('says why %j will not do as soon as the password field is left, before any submit', (password, message) => {
    const { calls } = renderApp('/register');
    const field = screen.getByLabelText('Password');

    fireEvent.change(field, { target: { value: password } });
    fireEvent.blur(field);

    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it('says a password equal to the username or the email will not do, and follows what is typed next', () => {
    renderApp('/register');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nova.pilot@example.com' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'StarNova' } });
    const field = screen.getByLabelText('Password');

    fireEvent.change(field, { target: { value: 'starnova' } });
    fireEvent.blur(field);
    expect(screen.getByText('Password cannot be your username')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'nova.pilot' } });
    expect(screen.getByText('Password cannot be your email address')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Orbital-Drift-42' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Password cannot be your email address')).toBeNull();
  });

  it('says a common password will not do, from the list fetched for this page', async () => {
    renderApp('/register');
    const field = screen.getByLabelText('Password');

    fireEvent.change(field, { target: { value: 'iloveyou' } });
    fireEvent.blur(field);

    const message = await screen.findByText('This password is too common. Please choose a less common one');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('refuses a trivial password on submit too, without calling the server', () => {
    const { calls } = renderApp('/register');

    submitRegister({ password: '987654', confirm: '987654' });

    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form') as HTMLElement;
    expect(
      within(form).getByText('Password cannot be a simple sequence such as abcdef, 123456 or qwerty'),
    ).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it.each(['ab', 'a'.repeat(21)])('refuses the username %s (3 to 20 characters)', (username) => {
    const { calls } = renderApp('/register');

    submitRegister({ username });

    expect(screen.getByText('Username must be 3 to 20 characters')).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/register');
  });

  it('refuses an address that is not an email', () => {
    renderApp('/register');

    submitRegister({ email: 'nova.example.com' });

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it("shows the server's refusal in a banner", async () => {
    renderApp('/register', {
      api: {
        'POST /api/auth/register': () =>
          json(409, { error: { message: 'Username is already taken', code: 'conflict' } }),
      },
    });

    submitRegister();

    expect((await screen.findByRole('alert')).textContent).toBe('Username is already taken');
  });

  it("falls back to 'Registration failed' when the server gives no message", async () => {
    renderApp('/register', {
      api: { 'POST /api/auth/register': () => new Response(null, { status: 500 }) },
    });

    submitRegister();

    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
  });

  it('creates the account and goes to the dashboard', async () => {
    const { router, tokens } = renderApp('/register', {
      api: {
        'POST /api/auth/register': ({ body }) => {
          expect(body).toEqual({ email: 'nova@example.com', username: 'nova', password: 'hunter22' });
          return json(201, { user: makeUser({ username: 'nova' }), token: 'new-token' });
        },
      },
    });

    submitRegister();

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(tokens.value).toBe('new-token');
  });
});
