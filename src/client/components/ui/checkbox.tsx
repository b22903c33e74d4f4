// Checkbox (Radix) with checked / unchecked / indeterminate states. The root is the tap target (44×44 on a touch
// screen, as every control there) and draws its box inside, so the box keeps its size on any screen.
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { cn } from '@client/lib/cn';

const box =
  'inline-flex size-4 shrink-0 items-center justify-center rounded-sm border border-slate-400 bg-white shadow-sm pointer-coarse:size-5 group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground group-data-[state=indeterminate]:border-primary group-data-[state=indeterminate]:bg-primary group-data-[state=indeterminate]:text-primary-foreground';

export const Checkbox = forwardRef<ComponentRef<typeof CheckboxPrimitive.Root>, ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root>>(
  function Checkbox({ className, ...props }, ref) {
    return (
      <CheckboxPrimitive.Root
        ref={ref}
        className={cn(
          'group peer inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 pointer-coarse:size-11',
          className,
        )}
        {...props}
      >
        <span className={box}>
          <CheckboxPrimitive.Indicator className="flex items-center justify-center">
            {props.checked === 'indeterminate' ? <Minus className="size-3" /> : <Check className="size-3" />}
          </CheckboxPrimitive.Indicator>
        </span>
      </CheckboxPrimitive.Root>
    );
  },
);
