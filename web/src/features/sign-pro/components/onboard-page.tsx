import { defaultTemplateOf, type EnvelopeType, templateLabels } from '@dispatch/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SendEnvelopeForm } from './send-envelope-form';

const wording: Record<EnvelopeType, { title: string; description: string }> = {
  driver: {
    title: 'Onboard a driver',
    description: 'Send the driver onboarding agreement to sign online, by e-mail or SMS.',
  },
  client: {
    title: 'Onboard a client',
    description: 'Send the client agreement to sign online, by e-mail or SMS.',
  },
};

/** /sign-pro/onboard-driver and /sign-pro/onboard-client: the send form, then the type's table. */
export function OnboardPage({ type, orgSlug }: { type: EnvelopeType; orgSlug: string }) {
  const navigate = useNavigate();
  const table = {
    to: type === 'driver' ? '/$orgSlug/sign-pro/drivers' : '/$orgSlug/sign-pro/clients',
    params: { orgSlug },
  } as const;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{wording[type].title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{wording[type].description}</p>
      </header>
      <Card className="p-5 sm:p-6">
        <SendEnvelopeForm
          type={type}
          onSent={() => void navigate(table)}
          cancel={
            <Button asChild variant="ghost">
              <Link {...table}>Cancel</Link>
            </Button>
          }
        />
      </Card>
      <p className="text-xs text-muted-foreground">
        The {templateLabels[defaultTemplateOf[type]].toLowerCase()} is merged with your organization's name
        and the receiver's details. You can void it, send it again or copy a fresh link from the table until
        it is signed.
      </p>
    </div>
  );
}
