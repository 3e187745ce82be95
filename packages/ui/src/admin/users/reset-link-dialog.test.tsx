// Copy reset link (issue 19): nothing is made until the admin asks; then the link shows, ready to copy.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeAdminUser, renderInAdmin } from '../test/render-admin.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';

const nova = makeAdminUser();
const url = 'http://localhost:3000/reset-password?token=abcDEF123';

describe('ResetLinkDialog', () => {
  it('makes the link only when asked, then shows it and copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { count } = renderInAdmin(<ResetLinkDialog user={nova} onClose={vi.fn()} />, {
      api: {
        'POST /api/admin/users/user-nova/reset-link': () => json(200, { url, expiresAt: '2026-03-14T12:30:00.000Z' }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Password reset link for nova' }));
    expect(dialog.getByText(/It works once, for 30 minutes/)).toBeTruthy();
    expect(count('POST /api/admin/users/user-nova/reset-link')).toBe(0);

    fireEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    const field = (await dialog.findByRole('textbox', { name: /Reset link/ })) as HTMLInputElement;
    expect(field.value).toBe(url);
    expect(count('POST /api/admin/users/user-nova/reset-link')).toBe(1);

    fireEvent.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Reset link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('says so when the server refuses', async () => {
    renderInAdmin(<ResetLinkDialog user={nova} onClose={vi.fn()} />, {
      api: {
        'POST /api/admin/users/user-nova/reset-link': () =>
          json(404, { error: { message: 'User not found', code: 'not_found', requestId: 'r1' } }),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Password reset link for nova' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
  });
});
