// `cn(...)`: joins class names (clsx) and merges Tailwind utilities (tailwind-merge): of two utilities that set the
// same thing under the same variants the later stays, so a primitive's `className` overrides its own classes
// (`<Input className="h-8">` over `h-9`) whatever the order of the utilities in the stylesheet. The theme
// (tailwind.config.ts) only adds colour names, which tailwind-merge reads as colours already: no extended config.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
