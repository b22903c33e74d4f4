// Edge shadows of a horizontally scrolling table: on a tablet held upright a wide ledger (kardex, exits) does
// not fit, and without a cue the clerk does not know the balance columns are one swipe away.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type HTMLAttributes, type RefObject } from 'react';
import { cn } from '@client/lib/cn';

export interface OverflowState {
  left: boolean;
  right: boolean;
}

/** Whether `ref`'s content continues past its left and right edges; follows scrolling and resizing. */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): OverflowState {
  const [state, setState] = useState<OverflowState>({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const left = max > 1 && el.scrollLeft > 1;
      const right = max > 1 && el.scrollLeft < max - 1;
      setState((s) => (s.left === left && s.right === right ? s : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return state;
}

const SHADOW = 'pointer-events-none absolute inset-y-0 w-6 from-slate-900/15 to-transparent';

/** The two shadows; place inside a `relative` box that wraps the scrolling element. */
function OverflowShadows({ state }: { state: OverflowState }) {
  return (
    <>
      {state.left && <div data-testid="overflow-left" aria-hidden="true" className={`${SHADOW} left-0 rounded-l-md bg-gradient-to-r`} />}
      {state.right && <div data-testid="overflow-right" aria-hidden="true" className={`${SHADOW} right-0 rounded-r-md bg-gradient-to-l`} />}
    </>
  );
}

/** A box that scrolls sideways when its content (a table) is wider, with the edge shades; the ref is the scroller. */
export const HorizontalScroll = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function HorizontalScroll(
  { className, children, ...props },
  ref,
) {
  const inner = useRef<HTMLDivElement>(null);
  // Set once: re-attached on every render, the ref would be null while the table's own layout effects run (the
  // virtual body would lose its scroller and measure it again on every keystroke).
  useImperativeHandle(ref, () => inner.current as HTMLDivElement, []);
  const overflow = useHorizontalOverflow(inner);
  return (
    <div className="relative">
      <div ref={inner} className={cn('overflow-x-auto', className)} {...props}>
        {children}
      </div>
      <OverflowShadows state={overflow} />
    </div>
  );
});
