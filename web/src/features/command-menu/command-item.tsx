import { Command } from 'cmdk';
import type { ReactNode } from 'react';

/** One entry of the menu: an icon, its text and, on wider screens, a detail. */
export function CommandItem({
  value,
  onSelect,
  icon,
  children,
  detail,
}: {
  value: string;
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  detail?: string;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {detail ? (
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{detail}</span>
      ) : null}
    </Command.Item>
  );
}

export const groupClass =
  'px-1.5 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
