import { MSG } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { EmailListEditor } from './email-list-editor';
import {
  platformFormDefaults,
  splitEmails,
  type TPlatformForm,
  type TPlatformFormOutput,
  toPlatformInput,
  ZPlatformForm,
} from './platform-form.schema';

function Harness({ emails, onValid }: { emails: string; onValid: (values: TPlatformFormOutput) => void }) {
  const { control, handleSubmit } = useForm<TPlatformForm, unknown, TPlatformFormOutput>({
    resolver: zodResolver(ZPlatformForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { ...platformFormDefaults(), id: 'acme', name: 'Acme', emailAddresses: splitEmails(emails) },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <EmailListEditor control={control} />
      <button type="submit">Save</button>
    </form>
  );
}

const emailInputs = () => screen.getAllByLabelText(/^E-mail Address \d/) as HTMLInputElement[];

describe('e-mail list editor', () => {
  afterEach(cleanup);

  it('shows one field per stored address and always keeps at least one', () => {
    renderWithApp(<Harness emails="" onValid={vi.fn()} />);
    expect(emailInputs()).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Remove e-mail address 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds and removes entries', () => {
    renderWithApp(<Harness emails="a@acme.io,b@acme.io" onValid={vi.fn()} />);
    expect(emailInputs().map((input) => input.value)).toEqual(['a@acme.io', 'b@acme.io']);
    fireEvent.click(screen.getByRole('button', { name: 'Add E-mail Address' }));
    expect(emailInputs()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove e-mail address 1' }));
    expect(emailInputs().map((input) => input.value)).toEqual(['b@acme.io', '']);
  });

  it("says 'Invalid email address.' under a bad entry on submit only, and sends the list comma-separated", async () => {
    const onValid = vi.fn();
    renderWithApp(<Harness emails="a@acme.io" onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add E-mail Address' }));
    fireEvent.change(emailInputs()[1] as HTMLInputElement, { target: { value: 'not-an-email' } });
    expect(screen.queryByText(MSG.invalidEmail)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(emailInputs()[1] as HTMLInputElement, { target: { value: 'ops@acme.io' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    const values = onValid.mock.calls[0]?.[0] as TPlatformFormOutput;
    expect(toPlatformInput(values)).toMatchObject({ emailAddresses: 'a@acme.io,ops@acme.io', requireMFA: '0' });
  });
});
