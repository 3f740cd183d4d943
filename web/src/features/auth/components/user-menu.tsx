import { Link } from '@tanstack/react-router';
import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { ThemeRadioGroup } from '../../../components/theme/theme-menu';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { setBoardAnnouncements, useBoardAnnouncements } from '../../../lib/announcements';
import { cn } from '../../../lib/cn';
import { useSignOut } from '../api/sign-out';
import type { SessionUser } from '../types';

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((word) => word[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

export interface UserMenuProps {
  user: SessionUser;
  onSignedOut: () => void;
  /** The avatar alone; otherwise the name shows beside it from the md breakpoint (the sidebar). */
  compact?: boolean;
}

export function UserMenu({ user, onSignedOut, compact = false }: UserMenuProps) {
  const signOut = useSignOut();
  const announcements = useBoardAnnouncements();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex items-center gap-2.5 rounded-lg text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          compact ? 'p-1' : 'p-1 md:w-full md:p-2',
        )}
      >
        {/* The name holds the visible text: "User menu", then the name and e-mail where they show. */}
        <span className="sr-only">User menu</span>
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary"
        >
          {initials(user.name, user.email)}
        </span>
        {compact ? null : (
          <>
            <span className="hidden min-w-0 flex-1 flex-col md:flex">
              <span className="truncate text-sm font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </span>
            <ChevronsUpDown className="hidden size-4 text-muted-foreground md:block" aria-hidden />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={compact ? 'end' : 'start'}
        side={compact ? 'bottom' : 'top'}
        className="w-60"
      >
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate text-sm font-medium text-foreground">{user.name}</span>
          <span className="truncate font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <ThemeRadioGroup />
        <DropdownMenuSeparator />
        {/* A screen reader hears what changes on a live board; some would rather not. */}
        <DropdownMenuCheckboxItem
          checked={announcements}
          onCheckedChange={(checked) => setBoardAnnouncements(checked === true)}
          // The menu stays open: the change is seen at once.
          onSelect={(event) => event.preventDefault()}
        >
          Announce board changes
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() =>
            signOut.mutate(undefined, {
              onSuccess: onSignedOut,
              onError: (error) => toast.error(error.message || 'Could not sign out. Try again.'),
            })
          }
        >
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
