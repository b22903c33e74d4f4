// Pointer-driven dragging of a dialog by its header, clamped so the dialog stays inside the viewport.
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export interface DragOffset {
  x: number;
  y: number;
}

/** Returns the offset to apply, the header's pointer handlers and a reset. */
export function useDragOffset(targetRef: RefObject<HTMLElement | null>) {
  const [offset, setOffset] = useState<DragOffset>({ x: 0, y: 0 });
  const drag = useRef<{ id: number; startX: number; startY: number; base: DragOffset; rect: DOMRect } | null>(null);

  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || !targetRef.current) return;
      // Buttons in the header (close) keep working.
      if ((e.target as HTMLElement).closest('button, a, input, select, textarea')) return;
      drag.current = {
        id: e.pointerId,
        startX: e.clientX,
        startY: e.clientY,
        base: offset,
        rect: targetRef.current.getBoundingClientRect(),
      };
      e.currentTarget.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    },
    [offset, targetRef],
  );

  const onPointerMove = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    let dx = e.clientX - d.startX;
    let dy = e.clientY - d.startY;
    // Clamp: the whole dialog when it fits, otherwise at least its top-left stays visible.
    const minDx = -d.rect.left;
    const maxDx = Math.max(minDx, vw - d.rect.right);
    const minDy = -d.rect.top;
    const maxDy = Math.max(minDy, vh - d.rect.bottom);
    dx = Math.min(Math.max(dx, minDx), maxDx);
    dy = Math.min(Math.max(dy, minDy), maxDy);
    setOffset({ x: d.base.x + dx, y: d.base.y + dy });
  }, []);

  const onPointerUp = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.id === e.pointerId) {
      drag.current = null;
      e.currentTarget.releasePointerCapture?.(e.pointerId);
    }
  }, []);

  const reset = useCallback(() => setOffset({ x: 0, y: 0 }), []);

  return { offset, reset, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp } };
}
