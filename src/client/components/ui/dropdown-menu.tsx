// Dropdown menu (Radix): menu root, trigger, content, items, label, separator.
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { cn } from '@client/lib/cn';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

export const DropdownMenuContent = forwardRef<ComponentRef<typeof Menu.Content>, ComponentPropsWithoutRef<typeof Menu.Content>>(
  function DropdownMenuContent({ className, sideOffset = 4, onCloseAutoFocus, ...props }, ref) {
    return (
      <Menu.Portal>
        <Menu.Content
          ref={ref}
          sideOffset={sideOffset}
          onCloseAutoFocus={(e) => {
            onCloseAutoFocus?.(e);
            // An item that opened a modal (Perfil): the modal already put the focus in its first field; handing it
            // back to the trigger would blur that field and show 'Campo obligatorio' before anything was typed.
            if (document.activeElement?.closest('[role=dialog]')) e.preventDefault();
          }}
          className={cn(
            'z-[80] min-w-44 overflow-hidden rounded-md border border-border bg-white p-1 text-sm text-foreground shadow-lg',
            className,
          )}
          {...props}
        />
      </Menu.Portal>
    );
  },
);

export const DropdownMenuItem = forwardRef<
  ComponentRef<typeof Menu.Item>,
  ComponentPropsWithoutRef<typeof Menu.Item> & { destructive?: boolean }
>(function DropdownMenuItem({ className, destructive, ...props }, ref) {
  return (
    <Menu.Item
      ref={ref}
      className={cn(
        'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4',
        destructive && 'text-destructive',
        className,
      )}
      {...props}
    />
  );
});

export const DropdownMenuLabel = forwardRef<ComponentRef<typeof Menu.Label>, ComponentPropsWithoutRef<typeof Menu.Label>>(
  function DropdownMenuLabel({ className, ...props }, ref) {
    return <Menu.Label ref={ref} className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...props} />;
  },
);

export const DropdownMenuSeparator = forwardRef<ComponentRef<typeof Menu.Separator>, ComponentPropsWithoutRef<typeof Menu.Separator>>(
  function DropdownMenuSeparator({ className, ...props }, ref) {
    return <Menu.Separator ref={ref} className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
  },
);
