import { MSG } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { formatPasscode } from '../../../ui/passcode-input';
import { AFTER_SIGN_IN_PATH } from '../logic/return-path';
import { PasscodeForm } from './passcode-form';

const pending = { username: 'ada@example.com', ticket: 'ticket-1', enrollment: null, stayLoggedIn: true };
const input = () => screen.getByLabelText(/Authenticator Code/) as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('formatPasscode', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['123', '123'],
    ['1234', '123 4'],
    ['123456', '123 456'],
    ['123 456', '123 456'],
    ['1 2 3 4 5 6 7 8', '123 456'],
    ['abcdef', 'abc def'],
  ])('%s -> %s', (raw, formatted) => {
    expect(formatPasscode(raw)).toBe(formatted);
  });
});

describe('PasscodeForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the code as nnn nnn and submits by itself at seven characters', async () => {
    const session = makeSession();
    const user = makeUser();
    const fetchMock = mockApi({
      'auth/authorize': () => ({ body: { success: true, result: { token: 't', expiresAt: 2_000_000_000, user } } }),
    });
    renderWithApp(<PasscodeForm pending={pending} onBack={vi.fn()} />, { session });
    type('1234');
    expect(input().value).toBe('123 4');
    expect(fetchMock).not.toHaveBeenCalled();
    type('123456');
    expect(input().value).toBe('123 456');
    await waitFor(() =>
      expect(session.startSession).toHaveBeenCalledWith(
        { token: 't', expiresAt: 2_000_000_000, user },
        true,
        AFTER_SIGN_IN_PATH,
      ),
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ username: 'ada@example.com', token: '123 456', secret: 'ticket-1', stayLoggedIn: true });
  });

  it('validates on submit only, with the spec messages', async () => {
    mockApi({});
    renderWithApp(<PasscodeForm pending={pending} onBack={vi.fn()} />);
    type('12');
    expect(screen.queryByText(MSG.passcodeSixNumbers)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.passcodeSixNumbers)).toBeTruthy();
    type('');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.noPasscode)).toBeTruthy();
    type('12a4b6');
    expect(await screen.findByText(MSG.passcodeOnlyNumbers)).toBeTruthy();
  });

  it("says 'Incorrect Passcode.' and resets the form when the code is wrong", async () => {
    mockApi({
      'auth/authorize': () => ({
        status: 401,
        body: { success: false, error: MSG.incorrectPasscode, code: 'INVALID_PASSCODE' },
      }),
    });
    renderWithApp(<PasscodeForm pending={pending} onBack={vi.fn()} />);
    type('654321');
    expect(await screen.findByText(MSG.incorrectPasscode)).toBeTruthy();
    expect(input().value).toBe('');
  });

  it('shows the enrolment code, the key and the store links when the user must enrol', async () => {
    mockApi({});
    const enrollment = {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/x',
      qrCode: 'data:image/png;base64,AAAA',
    };
    renderWithApp(<PasscodeForm pending={{ ...pending, enrollment }} onBack={vi.fn()} />);
    const qr = (await screen.findByAltText(/QR code/, {}, { timeout: 5000 })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(enrollment.qrCode);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'App Store' }).getAttribute('href')).toContain('id388497605');
    expect(screen.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toContain(
      'com.google.android.apps.authenticator2',
    );
  });
});
