import type { EnvelopeAnswer, Load, Truck } from '@dispatch/domain';
import { Command } from 'cmdk';
import { FileSignature, Package, Truck as TruckIcon } from 'lucide-react';
import { CommandItem, groupClass } from './command-item';

/** What a query found, by kind: trucks, loads and envelopes, each opened by its own callback. */
export function FoundGroups({
  found,
  onTruck,
  onLoad,
  onEnvelope,
}: {
  found: { trucks: Truck[]; loads: Load[]; envelopes: EnvelopeAnswer[] };
  onTruck: (truck: Truck) => void;
  onLoad: (load: Load) => void;
  onEnvelope: (envelope: EnvelopeAnswer) => void;
}) {
  return (
    <>
      {found.trucks.length ? (
        <Command.Group heading="Trucks" className={groupClass}>
          {found.trucks.map((truck) => (
            <CommandItem
              key={truck.id}
              value={`truck:${truck.id}`}
              icon={<TruckIcon aria-hidden />}
              detail={[truck.unitNumber && `Unit ${truck.unitNumber}`, `#${truck.id}`]
                .filter(Boolean)
                .join(' · ')}
              onSelect={() => onTruck(truck)}
            >
              {truck.truckName}
              <span className="text-muted-foreground">
                {' · '}
                {truck.truckCity}, {truck.truckState}
              </span>
            </CommandItem>
          ))}
        </Command.Group>
      ) : null}
      {found.loads.length ? (
        <Command.Group heading="Loads" className={groupClass}>
          {found.loads.map((load) => (
            <CommandItem
              key={load.id}
              value={`load:${load.id}`}
              icon={<Package aria-hidden />}
              detail={`#${load.id}`}
              onSelect={() => onLoad(load)}
            >
              {load.originCity}, {load.originState} → {load.destinationCity}, {load.destinationState}
              {load.customerName ? (
                <span className="text-muted-foreground"> · {load.customerName}</span>
              ) : null}
            </CommandItem>
          ))}
        </Command.Group>
      ) : null}
      {found.envelopes.length ? (
        <Command.Group heading="Envelopes" className={groupClass}>
          {found.envelopes.map((item) => (
            <CommandItem
              key={item.envelopeId}
              value={`envelope:${item.envelopeId}`}
              icon={<FileSignature aria-hidden />}
              detail={item.envelopeStatus}
              onSelect={() => onEnvelope(item)}
            >
              {item.receiverName}
            </CommandItem>
          ))}
        </Command.Group>
      ) : null}
    </>
  );
}
