import { MSG } from '@cpq/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Cancel with unsaved changes asks 'Changes have been made are you sure you want to cancel?'. Wrap the cancel
 * action: `guard(() => navigate(back))` runs at once when nothing changed. Closing the tab also warns.
 */
export function useUnsavedChangesGuard(isDirty: boolean): { guard: (leave: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const guard = useCallback((leave: () => void) => {
    if (dirty.current) setPending(() => leave);
    else leave();
  }, []);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Discard changes?"
      message={MSG.unsavedChanges}
      confirmLabel="Yes"
      cancelLabel="No"
      onConfirm={() => {
        const leave = pending;
        setPending(null);
        leave?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { guard, dialog };
}
