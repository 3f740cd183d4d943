import { Link } from '@tanstack/react-router';

// The router marks the current page's link with data-status="active".
const linkClassName =
  'shrink-0 whitespace-nowrap border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[status=active]:border-primary data-[status=active]:text-foreground';

/** The settings' pages, one beside the other: the organization, its API keys, its webhooks. */
export function SettingsNav({ orgSlug }: { orgSlug: string }) {
  return (
    <nav aria-label="Settings" className="flex gap-5 overflow-x-auto border-b border-border">
      <Link
        to="/$orgSlug/settings"
        params={{ orgSlug }}
        activeOptions={{ exact: true }}
        className={linkClassName}
      >
        Organization
      </Link>
      <Link to="/$orgSlug/settings/api-keys" params={{ orgSlug }} className={linkClassName}>
        API keys
      </Link>
      <Link to="/$orgSlug/settings/webhooks" params={{ orgSlug }} className={linkClassName}>
        Webhooks
      </Link>
    </nav>
  );
}
