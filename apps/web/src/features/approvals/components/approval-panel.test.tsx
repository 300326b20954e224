import { APPROVAL_MSG, type TQuoteApproval } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { ApprovalPanel } from './approval-panel';

const ok = (result: unknown) => ({ body: { success: true, result } });

const approval = (over: Partial<TQuoteApproval> = {}): TQuoteApproval => ({
  quoteId: 12,
  state: 'needed',
  steps: [
    {
      step: 1,
      name: 'Manager',
      rules: ['Manager: a line discount > 10%'],
      approvers: 'role level 5 or higher',
      status: 'pending',
      actions: [],
      hint: 'line 1: 40% -> 10% removes the Manager step',
    },
    {
      step: 2,
      name: 'Director',
      rules: ['Director: a line discount > 30%'],
      approvers: 'role level 9 or higher',
      status: 'pending',
      actions: [],
      hint: 'line 1: 40% -> 30% removes the Director step',
    },
  ],
  submittedBy: null,
  submittedAt: null,
  withdrawnMessage: null,
  canDecide: false,
  hasRules: true,
  ...over,
});

describe('the Approval panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows nothing on a quote of a platform without rules', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getQuoteApproval': () => ok(approval({ state: 'notNeeded', steps: [], hasRules: false })),
    });
    const { container } = renderWithApp(<ApprovalPanel quote={{ id: 12, version: 3 }} canEdit />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="approval-panel"]')).toBeNull();
    expect(screen.queryByText(APPROVAL_MSG.noApprovalNeeded)).toBeNull();
  });

  it('says quietly that no approval is needed when the platform has rules the quote meets none of', async () => {
    mockApi({ 'quoteManagement/getQuoteApproval': () => ok(approval({ state: 'notNeeded', steps: [] })) });
    renderWithApp(<ApprovalPanel quote={{ id: 12, version: 3 }} canEdit />);
    expect(await screen.findByText(APPROVAL_MSG.noApprovalNeeded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for Approval' })).toBeNull();
  });

  it('explains each step with its hint, and submits at the quote’s version', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getQuoteApproval': () => ok(approval()),
      'quoteManagement/submitForApproval': () =>
        ok(approval({ state: 'submitted', submittedBy: 'sam@example.com', submittedAt: '2026-12-07T10:00:00Z' })),
    });
    renderWithApp(<ApprovalPanel quote={{ id: 12, version: 3 }} canEdit />);
    expect(await screen.findByText('Step 2: Director')).toBeTruthy();
    expect(screen.getByText('Needs approval')).toBeTruthy();
    expect(screen.getByText('Smallest change: line 1: 40% -> 30% removes the Director step')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText(APPROVAL_MSG.submitted)).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/submitForApproval')).toEqual([{ id: 12, version: 3 }]);
    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for Approval' })).toBeNull();
  });

  it('lets an approver approve, and asks for a comment before rejecting', async () => {
    const base = approval();
    const waiting = approval({
      state: 'submitted',
      canDecide: true,
      submittedBy: 'sam@example.com',
      submittedAt: '2026-12-07T10:00:00Z',
      steps: base.steps.map((step) => (step.step === 1 ? { ...step, status: 'waiting' as const } : step)),
    });
    const fetchMock = mockApi({
      'quoteManagement/getQuoteApproval': () => ok(waiting),
      'quoteManagement/rejectQuote': () => ok({ ...waiting, state: 'rejected', canDecide: false }),
    });
    renderWithApp(<ApprovalPanel quote={{ id: 12, version: 3 }} canEdit={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByText(APPROVAL_MSG.commentRequired)).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/rejectQuote')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Too deep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(APPROVAL_MSG.rejected)).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/rejectQuote')).toEqual([
      { id: 12, version: 3, step: 1, comment: 'Too deep' },
    ]);
  });

  it('says why an approval was withdrawn', async () => {
    mockApi({
      'quoteManagement/getQuoteApproval': () => ok(approval({ withdrawnMessage: 'The approval was withdrawn: …' })),
    });
    renderWithApp(<ApprovalPanel quote={{ id: 12, version: 3 }} canEdit />);
    expect(await screen.findByText('The approval was withdrawn: …')).toBeTruthy();
  });
});
