import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

/** A header moves only after a 20 px drag, so that a click still sorts (spec section 9). */
export const REORDER_THRESHOLD_PX = 20;
/** A resize starts after 5 px, so that a click on the handle changes nothing. */
export const RESIZE_THRESHOLD_PX = 5;

/** `order` with `moving` put where `target` is (before it when moving left, after it when moving right). */
export function moveColumn(order: string[], moving: string, target: string): string[] {
  const from = order.indexOf(moving);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return order;
  const next = order.filter((id) => id !== moving);
  next.splice(to, 0, moving);
  return next;
}

type TDragOptions = {
  order: string[];
  onOrderChange: (order: string[]) => void;
  onResize: (id: string, size: number) => void;
};

/** Pointer dragging of table headers: reorder by dragging a header, resize by dragging its right edge. */
export function useColumnDrag({ order, onOrderChange, onResize }: TDragOptions) {
  const [drag, setDrag] = useState<{ id: string; overId: string | null } | null>(null);
  const isClickSuppressed = useRef(false);
  const latestOrder = useRef(order);
  latestOrder.current = order;

  const track = useCallback(
    (
      startX: number,
      threshold: number,
      onMove: (dx: number, event: PointerEvent) => void,
      onEnd: (moved: boolean) => void,
    ) => {
      let isActive = false;
      const move = (event: PointerEvent) => {
        const dx = event.clientX - startX;
        if (!isActive && Math.abs(dx) < threshold) return;
        isActive = true;
        onMove(dx, event);
      };
      const end = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        // The click that follows a drag must not also sort the column.
        if (isActive) isClickSuppressed.current = true;
        onEnd(isActive);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    },
    [],
  );

  const startReorder = useCallback(
    (event: ReactPointerEvent<HTMLElement>, id: string) => {
      if (event.button !== 0) return;
      const row = event.currentTarget.closest('tr');
      let overId: string | null = null;
      track(
        event.clientX,
        REORDER_THRESHOLD_PX,
        (_dx, moveEvent) => {
          for (const cell of row?.querySelectorAll<HTMLElement>('[data-column-id]') ?? []) {
            const rect = cell.getBoundingClientRect();
            if (moveEvent.clientX >= rect.left && moveEvent.clientX < rect.right)
              overId = cell.dataset.columnId ?? null;
          }
          setDrag({ id, overId });
        },
        (isMoved) => {
          setDrag(null);
          if (isMoved && overId && overId !== id) onOrderChange(moveColumn(latestOrder.current, id, overId));
        },
      );
    },
    [track, onOrderChange],
  );

  const startResize = useCallback(
    (event: ReactPointerEvent<HTMLElement>, id: string, startSize: number, minSize: number) => {
      if (event.button !== 0) return;
      event.stopPropagation();
      event.preventDefault();
      track(
        event.clientX,
        RESIZE_THRESHOLD_PX,
        (dx) => onResize(id, Math.max(minSize, Math.round(startSize + dx))),
        () => undefined,
      );
    },
    [track, onResize],
  );

  /** True (once) when the click being handled ends a drag. */
  const consumeSuppressedClick = useCallback(() => {
    const isSuppressed = isClickSuppressed.current;
    isClickSuppressed.current = false;
    return isSuppressed;
  }, []);

  return { drag, startReorder, startResize, consumeSuppressedClick };
}
