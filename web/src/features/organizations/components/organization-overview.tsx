import { Link } from '@tanstack/react-router';
import { ArrowRight, Plus, Truck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { Organization } from '../types';

/** A first overview: where to go next. Monthly counts and totals arrive with the overview read model. */
export function OrganizationOverview({ organization }: { organization: Organization }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{organization.name}</h1>
        <p className="mt-1 text-sm text-muted-foreground">Overview</p>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader className="pb-5">
            <span className="mb-2 flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Truck className="size-4" aria-hidden />
            </span>
            <CardTitle>Trucks</CardTitle>
            <CardDescription>See every available truck of your organization, updated live.</CardDescription>
            <div className="mt-3 flex gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to="/$orgSlug/trucks" params={{ orgSlug: organization.slug }}>
                  Open the board
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to="/$orgSlug/trucks/post" params={{ orgSlug: organization.slug }}>
                  <Plus aria-hidden />
                  Post truck
                </Link>
              </Button>
            </div>
          </CardHeader>
        </Card>
      </div>
    </div>
  );
}
