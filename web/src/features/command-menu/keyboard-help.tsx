import { useEffect } from 'react';
import { isPageShortcut } from '../../components/board/data-grid/keys';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Every shortcut of the product, by where it works. */
export const shortcutGroups = (
  mac: boolean,
): { title: string; keys: { keys: string[]; does: string }[] }[] => [
  {
    title: 'Anywhere',
    keys: [
      {
        keys: [mac ? '⌘' : 'Ctrl', 'K'],
        does: 'Open the command menu: go to a screen, find a truck or a load',
      },
      { keys: ['?'], does: 'Show these keyboard shortcuts' },
    ],
  },
  {
    title: 'Command menu',
    keys: [
      { keys: ['↑', '↓'], does: 'Choose a screen or a result' },
      { keys: ['Enter'], does: 'Open it' },
      { keys: ['Esc'], does: 'Close the menu' },
    ],
  },
  {
    title: 'Boards and results',
    keys: [
      { keys: ['/'], does: 'Search the board' },
      { keys: ['j'], does: 'Next row' },
      { keys: ['k'], does: 'Previous row' },
      { keys: ['Enter'], does: 'Open the chosen row' },
      { keys: ['Esc'], does: 'Leave the search box, or let go of the chosen row' },
      { keys: ['n'], does: 'Post a truck or a load' },
    ],
  },
  {
    title: 'Dialogs',
    keys: [
      { keys: ['Tab'], does: 'Move between the dialog’s controls (focus stays in the dialog)' },
      { keys: ['Esc'], does: 'Close it; focus goes back where it was' },
    ],
  },
];

/**
 * The Keyboard help: every shortcut of the product in one dialog, opened with `?` anywhere but a
 * text field (or from the command menu).
 */
export function KeyboardHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      // Shift makes the question mark: a page shortcut still, whatever isPageShortcut says of modifiers.
      if (!isPageShortcut(event)) return;
      event.preventDefault();
      onOpenChange(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpenChange]);

  const groups = shortcutGroups(isMac());
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Keyboard</DialogTitle>
          <DialogDescription>Shortcuts that work where you are, outside text fields.</DialogDescription>
        </DialogHeader>
        {groups.map((group, index) => (
          <section key={group.title} aria-labelledby={`keys-${index}`} className="flex flex-col gap-1.5">
            <h3 id={`keys-${index}`} className="text-sm font-medium">
              {group.title}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1.5 text-sm">
              {group.keys.map((entry) => (
                <div key={`${group.title}-${entry.does}`} className="contents">
                  <dt className="flex gap-1 whitespace-nowrap">
                    {entry.keys.map((key) => (
                      <kbd
                        key={key}
                        className="rounded border border-border bg-muted px-1.5 font-sans text-xs text-foreground"
                      >
                        {key}
                      </kbd>
                    ))}
                  </dt>
                  <dd className="text-muted-foreground">{entry.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </DialogContent>
    </Dialog>
  );
}
