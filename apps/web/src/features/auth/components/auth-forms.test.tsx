import { MSG, type TPasswordResetRequest } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { CredentialsForm } from './credentials-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignUpCard } from './sign-up-card';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** auth/login's answer when no code is needed. */
const signedIn = () => ({
  body: {
    success: true,
    result: { mfaRequired: false, token: 't', expiresAt: 2_000_000_000, user: makeUser(), platformRequiresMFA: false },
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credentials stage', () => {
  it('shows nothing while typing, then the messages on submit', async () => {
    mockApi({});
    renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />);
    type(/Email Address/, 'not-an-email');
    fireEvent.blur(field(/Email Address/));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(MSG.invalidEmail)).toBeNull();
    click('Login');
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    type(/Email Address/, '');
    click('Login');
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
  });

  it('puts the focus on the first field in error', async () => {
    renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />);
    type(/Email Address/, 'ada@example.com');
    field(/Email Address/).focus();
    click('Login');
    expect(await screen.findByText(MSG.passwordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(field(/Password/));
  });

  it('marks the fields required and offers Keep me logged in', () => {
    renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />);
    expect(field(/Email Address/).required).toBe(true);
    expect(field(/Password/).required).toBe(true);
    expect(screen.getByLabelText('Keep me logged in on this computer')).toBeTruthy();
  });

  it('starts the session when no code is needed, keeping the token when asked', async () => {
    const session = makeSession();
    const fetchMock = mockApi({ 'auth/login': signedIn });
    renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />, { session });
    type(/Email Address/, 'Ada@Example.com');
    type(/Password/, 'secret');
    fireEvent.click(screen.getByLabelText('Keep me logged in on this computer'));
    click('Login');
    await waitFor(() => expect(session.startSession).toHaveBeenCalled());
    expect(vi.mocked(session.startSession).mock.calls[0]?.[1]).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      username: 'ada@example.com',
      password: 'secret',
      stayLoggedIn: true,
    });
  });

  it('moves on with the ticket and the mailbox check when multi-factor is required', async () => {
    const enrollment = null;
    mockApi({
      'auth/login': () => ({
        body: {
          success: true,
          result: { mfaRequired: true, secret: 'ticket', mailboxCheck: true, enrollment, platformRequiresMFA: true },
        },
      }),
    });
    const onCodeRequired = vi.fn();
    renderWithApp(<CredentialsForm onCodeRequired={onCodeRequired} onForgotPassword={vi.fn()} />);
    type(/Email Address/, 'ada@example.com');
    type(/Password/, 'secret');
    click('Login');
    await waitFor(() =>
      expect(onCodeRequired).toHaveBeenCalledWith({
        username: 'ada@example.com',
        ticket: 'ticket',
        enrollment,
        mailboxCheck: true,
        stayLoggedIn: false,
      }),
    );
  });

  it('returns to the page asked for, query included; a CRM hand-off link says it comes from the CRM', async () => {
    const signIn = async (route: string, state?: unknown) => {
      const session = makeSession();
      const fetchMock = mockApi({ 'auth/login': signedIn });
      renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />, {
        session,
        route: state ? { pathname: route, state } : route,
      });
      type(/Email Address/, 'ada@example.com');
      type(/Password/, 'secret');
      click('Login');
      await waitFor(() => expect(session.startSession).toHaveBeenCalled());
      cleanup();
      const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as { fromSalesforce: boolean };
      return { nextPath: vi.mocked(session.startSession).mock.calls[0]?.[2], fromSalesforce: body.fromSalesforce };
    };
    // The login form standing in for `/` with a hand-off, and /Login after the guard turned a visitor away.
    expect(await signIn('/?opportunityId=OPP1&Zip=94105-1234')).toEqual({
      nextPath: '/?opportunityId=OPP1&Zip=94105-1234',
      fromSalesforce: true,
    });
    expect(await signIn('/Login', { from: '/Quote/4?existingQuote=true&quoteId=4' })).toEqual({
      nextPath: '/Quote/4?existingQuote=true&quoteId=4',
      fromSalesforce: true,
    });
    expect(await signIn('/Login', { from: '/Orders/ada%40example.com' })).toEqual({
      nextPath: '/Orders/ada%40example.com',
      fromSalesforce: false,
    });
    expect(await signIn('/Login')).toEqual({ nextPath: '/QuoteDashboard', fromSalesforce: false });
  });

  it("toasts 'Login failed!' with the server's text", async () => {
    mockApi({
      'auth/login': () => ({
        status: 401,
        body: { success: false, error: MSG.invalidCredentials, code: 'INVALID_CREDENTIALS' },
      }),
    });
    renderWithApp(<CredentialsForm onCodeRequired={vi.fn()} onForgotPassword={vi.fn()} />);
    type(/Email Address/, 'ada@example.com');
    type(/Password/, 'wrong');
    click('Login');
    expect(await screen.findByText(`${MSG.loginFailed} ${MSG.invalidCredentials}`)).toBeTruthy();
  });
});

describe('Try it out! sign-up', () => {
  it('asks for a name and a valid e-mail on submit', async () => {
    renderWithApp(<SignUpCard onCodeRequired={vi.fn()} />);
    click('Sign Up');
    expect(await screen.findByText(MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
  });

  it("toasts 'Sign up failed!' with the server's text", async () => {
    mockApi({
      'userManagement/createUser': () => ({
        status: 409,
        body: { success: false, error: MSG.usernameTaken, code: 'USERNAME_TAKEN' },
      }),
    });
    renderWithApp(<SignUpCard onCodeRequired={vi.fn()} />);
    type(/Name/, 'Ada Lovelace');
    type(/Email Address/, 'ada@example.com');
    click('Sign Up');
    expect(await screen.findByText(`${MSG.signUpFailed} ${MSG.usernameTaken}`)).toBeTruthy();
  });

  it('creates the user with split names and goes to the code stage', async () => {
    const enrollment = { secret: 'S', otpauthUrl: 'otpauth://x', qrCode: 'data:image/png;base64,A' };
    const fetchMock = mockApi({
      'userManagement/createUser': () => ({
        body: { success: true, result: { user: makeUser(), signIn: { secret: 'ticket', enrollment } } },
      }),
    });
    const onCodeRequired = vi.fn();
    renderWithApp(<SignUpCard onCodeRequired={onCodeRequired} />);
    type(/Name/, 'Ada King Lovelace');
    type(/Email Address/, 'ada@example.com');
    click('Sign Up');
    await waitFor(() => expect(onCodeRequired).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      input: { username: 'ada@example.com', firstName: 'Ada', lastName: 'King Lovelace' },
    });
  });
});

describe('Reset Password form', () => {
  const request: TPasswordResetRequest = {
    passwordResetRequestId: 'r1',
    userId: 7,
    username: 'ada@example.com',
    expirationDate: '2026-01-01T01:00:00.000Z',
  };

  it('checks the password rules and the confirmation on submit', async () => {
    renderWithApp(<ResetPasswordForm request={request} />);
    type(/New Password/, 'short');
    click('Save Password');
    expect(await screen.findByText(MSG.passwordRules)).toBeTruthy();
    expect(screen.getByText(MSG.confirmPassword)).toBeTruthy();
    type(/New Password/, 'Str0ng!Passw0rd');
    type(/Confirm Password/, 'Str0ng!Passw0rx');
    click('Save Password');
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
  });

  it("toasts 'Password reset failed!' when the server refuses", async () => {
    mockApi({
      'userManagement/updateUser': () => ({
        status: 404,
        body: { success: false, error: MSG.resetInvalid, code: 'RESET_INVALID' },
      }),
    });
    renderWithApp(<ResetPasswordForm request={request} />);
    type(/New Password/, 'Str0ng!Passw0rd');
    type(/Confirm Password/, 'Str0ng!Passw0rd');
    click('Save Password');
    expect(await screen.findByText(MSG.resetFailed)).toBeTruthy();
  });
});
