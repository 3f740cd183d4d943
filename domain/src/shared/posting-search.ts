import { usStateName } from './us-states.ts';

/**
 * What the trucks and loads lists' `search` matches (docs/decisions.md#trucks-and-loads): the fields a
 * dispatcher names a posting by, kept lowercased in one text per posting (the read models' `searchText`,
 * the field their text index holds), so the document stores and the saved searches' alerts test the
 * same text. A place reads as the board shows it ("pittsburgh, pa"), followed by its state's name.
 */

type Text = string | null | undefined;

const place = (city: Text, state: Text) => {
  const shown = [city, state].filter(Boolean).join(', ');
  return [shown, state ? usStateName(state) : undefined];
};

const joined = (parts: Text[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();

/** A truck's name, unit number, company, city and state. */
export function truckSearchText(truck: {
  truckName: string;
  unitNumber?: Text;
  companyName: Text;
  truckCity: string;
  truckState: string;
}): string {
  return joined([
    truck.truckName,
    truck.unitNumber,
    truck.companyName,
    ...place(truck.truckCity, truck.truckState),
  ]);
}

/** A load has no name of its own: its product, customer, origin and destination. */
export function loadSearchText(load: {
  product: string;
  customerName: Text;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
}): string {
  return joined([
    load.product,
    load.customerName,
    ...place(load.originCity, load.originState),
    ...place(load.destinationCity, load.destinationState),
  ]);
}
