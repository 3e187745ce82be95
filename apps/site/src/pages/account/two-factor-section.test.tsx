// The Account page's Two-factor sign-in (issue 19): setting it up with the QR code and the key,
// confirming with a code, the recovery codes shown once with copy and download, and turning it off.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeRoute } from '../../test/render-app.tsx';
import { json, makeUser, renderApp } from '../../test/render-app.tsx';

const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DDDD-EEEE-FF${String(i).padStart(2, '0')}`);
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Starport:nova%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Starport',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

function renderSection(api: Record<string, FakeRoute>) {
  return renderApp('/account', {
    user: makeUser({ username: 'nova', email: 'nova@example.com' }),
    api: {
      'GET /api/account/profile': () =>
        json(200, {
          profile: {
            _id: 'user-1',
            username: 'nova',
            email: 'nova@example.com',
            createdAt: '2026-03-14T10:00:00.000Z',
          },
        }),
      'GET /api/account/sessions': () => json(200, { sessions: [] }),
      ...api,
    },
  });
}

const region = async () => within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('two-factor section', () => {
  it('sets up with the QR code and the key, refuses a wrong code, then shows the recovery codes once', async () => {
    const enableBodies: unknown[] = [];
    renderSection({
      'GET /api/account/2fa': () => json(200, { enabled: false, recoveryCodesLeft: 0 }),
      'POST /api/account/2fa/setup': () => json(200, setup),
      'POST /api/account/2fa/enable': ({ body }) => {
        enableBodies.push(body);
        return (body as { code: string }).code === '123456'
          ? json(200, { recoveryCodes: codes })
          : json(400, {
              error: {
                message: 'That code is not right. Check your authenticator app and try again',
                code: 'invalid_request',
              },
            });
      },
    });
    const section = await region();
    expect(await section.findByText('Two-factor sign-in is off.')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = (await section.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(setup.qrCode);
    expect(section.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.change(section.getByLabelText('Code from the app'), { target: { value: '12' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    expect(section.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    fireEvent.change(section.getByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText('That code is not right. Check your authenticator app and try again')).toBeTruthy();

    fireEvent.change(section.getByLabelText('Code from the app'), { target: { value: '123 456' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn on' }));
    const list = await section.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(enableBodies).toEqual([{ code: '000000' }, { code: '123456' }]);

    const download = section.getByRole('link', { name: 'Download codes' });
    expect(download.getAttribute('download')).toBe('starport-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') as string)).toBe(
      `data:text/plain;charset=utf-8,${codes.join('\n')}\n`,
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(section.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${codes.join('\n')}\n`));
    expect(await screen.findByText('Recovery codes copied.')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(section.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(section.getByText('10 recovery codes left.')).toBeTruthy();
  });

  it('turns off with the password and a code, showing a refusal first', async () => {
    let attempts = 0;
    renderSection({
      'GET /api/account/2fa': () => json(200, { enabled: true, recoveryCodesLeft: 7 }),
      'POST /api/account/2fa/disable': ({ body }) => {
        attempts += 1;
        expect(body).toEqual({ password: 'hunter22', code: attempts === 1 ? '111111' : '222222' });
        return attempts === 1
          ? json(400, { error: { message: 'The password is not right', code: 'invalid_request' } })
          : json(200, { enabled: false, recoveryCodesLeft: 0 });
      },
    });
    const section = await region();
    expect(await section.findByText('7 recovery codes left.')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    fireEvent.change(section.getByLabelText('Password'), { target: { value: 'hunter22' } });
    fireEvent.change(section.getByLabelText('Code from the app, or a recovery code'), { target: { value: '111111' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect((await section.findByRole('alert')).textContent).toBe('The password is not right');

    fireEvent.change(section.getByLabelText('Code from the app, or a recovery code'), { target: { value: '222222' } });
    fireEvent.click(section.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await section.findByText('Two-factor sign-in is off.')).toBeTruthy();
    expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
  });
});
