import { MSG } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render';
import { MailboxCodeForm } from './mailbox-code-form';

const pending = {
  username: 'ada@example.com',
  ticket: 'ticket-1',
  enrollment: null,
  mailboxCheck: true,
  stayLoggedIn: true,
};
const input = () => screen.getByLabelText(/E-mail Code/) as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const enrollment = { secret: 'S', otpauthUrl: 'otpauth://x', qrCode: 'data:image/png;base64,A' };

describe('MailboxCodeForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the mailed code with the ticket and moves on with the enrolment and the fresh ticket', async () => {
    const fetchMock = mockApi({
      'auth/confirmMailbox': () => ({
        body: {
          success: true,
          result: { mfaRequired: true, platformRequiresMFA: true, secret: 'ticket-2', mailboxCheck: false, enrollment },
        },
      }),
    });
    const onConfirmed = vi.fn();
    renderWithApp(<MailboxCodeForm pending={pending} onConfirmed={onConfirmed} onBack={vi.fn()} />);
    expect(screen.getByText(/Enter the 6-digit code we sent to ada@example.com/)).toBeTruthy();
    type('123456');
    await waitFor(() =>
      expect(onConfirmed).toHaveBeenCalledWith({ ...pending, ticket: 'ticket-2', enrollment, mailboxCheck: false }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      username: 'ada@example.com',
      code: '123 456',
      secret: 'ticket-1',
    });
  });

  it("shows the server's message on a wrong or expired code and stays", async () => {
    mockApi({
      'auth/confirmMailbox': () => ({
        status: 400,
        body: { success: false, error: MSG.mailCodeExpired, code: 'BAD_REQUEST' },
      }),
    });
    const onBack = vi.fn();
    renderWithApp(<MailboxCodeForm pending={pending} onConfirmed={vi.fn()} onBack={onBack} />);
    type('123456');
    expect(await screen.findByText(MSG.mailCodeExpired)).toBeTruthy();
    expect(input().value).toBe('');
    expect(onBack).not.toHaveBeenCalled();
  });

  it('goes back to the password when the sign-in ticket expired', async () => {
    mockApi({
      'auth/confirmMailbox': () => ({
        status: 401,
        body: { success: false, error: MSG.sessionExpired, code: 'UNAUTHENTICATED' },
      }),
    });
    const onBack = vi.fn();
    renderWithApp(<MailboxCodeForm pending={pending} onConfirmed={vi.fn()} onBack={onBack} />);
    fireEvent.change(input(), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onBack).toHaveBeenCalled());
  });
});
