import { formatUsPhone, type SigningDocumentAnswer } from '@dispatch/domain';
import { Card } from '../../../../components/ui/card';
import { formatCalendarDay } from '../../../../lib/dates';

/** The agreement as the receiver reads it: its title, the parties, its sections. */
export function DocumentView({ document }: { document: SigningDocumentAnswer['document'] }) {
  const { parties } = document;
  return (
    <Card className="px-5 py-6 sm:px-8 sm:py-8">
      <article aria-labelledby="document-title" className="flex flex-col gap-6">
        <header className="flex flex-col gap-4 border-b border-border pb-5">
          <h1 id="document-title" className="text-2xl font-semibold tracking-tight">
            {document.title}
          </h1>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">From</dt>
              <dd className="break-words font-medium">{parties.organizationName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">To</dt>
              <dd className="break-words font-medium">{parties.receiverName}</dd>
            </div>
            {parties.receiverContact ? (
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Sent to</dt>
                <dd className="break-words">{formatUsPhone(parties.receiverContact)}</dd>
              </div>
            ) : null}
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Sent on</dt>
              <dd>{formatCalendarDay(parties.sentOn) || parties.sentOn}</dd>
            </div>
          </dl>
        </header>
        {document.sections.map((section) => (
          <section key={section.heading} className="flex flex-col gap-2">
            <h2 className="text-base font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-sm leading-relaxed text-foreground/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </Card>
  );
}
