// Badge for statuses (PENDIENTE, ATENDIDO, ACTIVO, …) with info/success/warning/danger/secondary variants.
import type { HTMLAttributes } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@client/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center rounded px-2 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap uppercase',
  {
    variants: {
      variant: {
        info: 'bg-sky-100 text-sky-800 ring-1 ring-sky-200',
        success: 'bg-emerald-100 text-emerald-800 ring-1 ring-emerald-200',
        warning: 'bg-amber-100 text-amber-900 ring-1 ring-amber-200',
        danger: 'bg-red-100 text-red-800 ring-1 ring-red-200',
        secondary: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
        default: 'bg-primary text-primary-foreground',
      },
    },
    defaultVariants: { variant: 'secondary' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
