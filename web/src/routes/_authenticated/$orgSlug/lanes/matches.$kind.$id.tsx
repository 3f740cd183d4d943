import { MATCH_DEADHEAD_DEFAULT_MILES, MATCH_DEADHEAD_MAX_MILES } from '@dispatch/domain';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { MatchesPage } from '../../../../features/lanes/components/matches-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

const deadheadOf = (value: unknown) => {
  const miles = Number(value);
  return Number.isInteger(miles) && miles >= 1 && miles <= MATCH_DEADHEAD_MAX_MILES ? miles : undefined;
};

export const Route = createFileRoute('/_authenticated/$orgSlug/lanes/matches/$kind/$id')({
  params: {
    parse: ({ kind, id }) => {
      if ((kind !== 'trucks' && kind !== 'loads') || !/^\d+$/.test(id)) throw notFound();
      return { kind: kind as 'trucks' | 'loads', id: Number(id) };
    },
    stringify: ({ kind, id }) => ({ kind, id: String(id) }),
  },
  validateSearch: (search: Record<string, unknown>): { deadhead?: number } => ({
    deadhead: deadheadOf(search.deadhead),
  }),
  component: Matches,
});

function Matches() {
  const { organization } = Route.useRouteContext();
  const { kind, id } = Route.useParams();
  const { deadhead } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Matches', organization.name);
  return (
    <MatchesPage
      organization={organization}
      kind={kind}
      id={id}
      deadhead={deadhead ?? MATCH_DEADHEAD_DEFAULT_MILES}
      onDeadhead={(next) => void navigate({ search: { deadhead: next }, replace: true })}
    />
  );
}
