import { formatUsPhone, phoneHref } from '@dispatch/domain';

/**
 * A member's phone number (kept in E.164, "+13125550142") as people read it, "(312) 555-0142",
 * dialling on a tap; a dash when they gave none.
 */
export function MemberPhone({ phone }: { phone: string | null | undefined }) {
  if (!phone)
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">No phone number</span>
      </>
    );
  return (
    <a href={phoneHref('+1', phone)} className="whitespace-nowrap tabular-nums hover:text-foreground">
      {formatUsPhone(phone)}
    </a>
  );
}
