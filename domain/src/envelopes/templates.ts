import { formatUsPhone } from '../shared/fields.ts';
import type { EnvelopeType } from './enums.ts';

/** The built-in documents an envelope carries; `templateId` names one. */
export const templateIds = ['driver-onboarding-agreement', 'client-agreement'] as const;
export type TemplateId = (typeof templateIds)[number];

export const templateTypes: Record<TemplateId, EnvelopeType> = {
  'driver-onboarding-agreement': 'driver',
  'client-agreement': 'client',
};
export const templateLabels: Record<TemplateId, string> = {
  'driver-onboarding-agreement': 'Driver onboarding agreement',
  'client-agreement': 'Client agreement',
};
export const defaultTemplateOf: Record<EnvelopeType, TemplateId> = {
  driver: 'driver-onboarding-agreement',
  client: 'client-agreement',
};

/**
 * The text of each template changes over time; an envelope records the version it was sent with, so
 * its signing page and its signed copy always show the text the receiver read and signed.
 */
export const CURRENT_TEMPLATE_VERSION = 2;
export const templateVersions = [1, 2] as const;
export type TemplateVersion = (typeof templateVersions)[number];

export interface DocumentSection {
  heading: string;
  paragraphs: string[];
}

/** A document merged with the organization's and the receiver's details: what the receiver reads and signs. */
export interface EnvelopeDocument {
  title: string;
  /** The version of the template's text. */
  version: number;
  parties: { organizationName: string; receiverName: string; receiverContact: string; sentOn: string };
  sections: DocumentSection[];
}

export interface MergeFields {
  organizationName: string;
  receiverName: string;
  receiverEmail: string | null;
  receiverPhoneNumber: string | null;
  /** When the envelope was first sent (ISO instant). */
  sentAt: string;
}

const day = (iso: string) => iso.slice(0, 10);

const driverSections = (org: string, receiver: string, version: number): DocumentSection[] => [
  {
    heading: '1. Engagement',
    paragraphs: [
      `${org} ("the Carrier") engages ${receiver} ("the Driver") to haul freight dispatched by the Carrier, on the loads the Driver accepts.`,
      'Each load is offered with its origin, destination, trailer type, product and rate. The Driver is free to accept or decline any load.',
    ],
  },
  {
    heading: '2. Licence, equipment and safety',
    paragraphs: [
      'The Driver holds a valid commercial driver licence and medical certificate for the vehicles they operate, and tells the Carrier at once if either is suspended, revoked or expires.',
      'The Driver keeps hours-of-service records as federal rules require, inspects the equipment before every trip, and secures every load as the product and trailer type require.',
      ...(version >= 2
        ? [
            'The Driver keeps hours of service on the electronic logging device installed in the truck and shares its records with the Carrier for every trip dispatched under this agreement.',
          ]
        : []),
    ],
  },
  {
    heading: '3. Pay and settlement',
    paragraphs: [
      'The Driver is paid the carrier rate shown on each accepted load, in its unit (tons, bushels or a flat rate), settled weekly against signed bills of lading and scale tickets.',
      'Detention, layover and fuel advances are settled only when agreed in writing before the trip.',
    ],
  },
  {
    heading: '4. Documents and conduct',
    paragraphs: [
      "The Driver hands over the bill of lading, delivery receipt and any scale tickets within 24 hours of delivery, and treats the shippers' and consignees' information as confidential.",
      'Either party may end this agreement by notice in writing; loads already accepted are completed under it.',
    ],
  },
];

const clientSections = (org: string, receiver: string, version: number): DocumentSection[] => [
  {
    heading: '1. Services',
    paragraphs: [
      `${org} ("the Broker") arranges truck transportation of freight that ${receiver} ("the Client") tenders, through carriers the Broker selects and qualifies.`,
      'Each load is confirmed in writing with its origin, destination, trailer type, product, pickup date and rate.',
    ],
  },
  {
    heading: '2. Rates and payment',
    paragraphs: [
      version >= 2
        ? 'The Client pays the rate confirmed for each load, per ton, per bushel or as a flat rate, within 30 days of delivery, against the signed delivery receipt.'
        : 'The Client pays the rate confirmed for each load, per ton, per bushel or as a flat rate, within 30 days of the invoice date.',
      'Accessorial charges (detention, layover, additional stops) apply only when the Client agreed to them in writing before pickup.',
    ],
  },
  {
    heading: '3. Freight and claims',
    paragraphs: [
      'The Client describes its freight accurately, has it ready at the agreed time, and loads it within the legal weight limits.',
      'Claims for loss or damage are made in writing within nine months of delivery and handled under the carrier’s liability as the law provides.',
    ],
  },
  {
    heading: '4. Term',
    paragraphs: [
      'This agreement starts on signature and continues until either party ends it by notice in writing. Loads already confirmed are completed under it.',
    ],
  },
];

/**
 * The document of `templateId` in the text of `version`, merged. The same text is shown on the signing
 * page and printed in the PDF.
 */
export function mergeDocument(
  templateId: TemplateId,
  version: number,
  fields: MergeFields,
): EnvelopeDocument {
  const sections =
    templateId === 'driver-onboarding-agreement'
      ? driverSections(fields.organizationName, fields.receiverName, version)
      : clientSections(fields.organizationName, fields.receiverName, version);
  return {
    title: templateLabels[templateId],
    version,
    parties: {
      organizationName: fields.organizationName,
      receiverName: fields.receiverName,
      receiverContact:
        fields.receiverEmail ?? (fields.receiverPhoneNumber ? formatUsPhone(fields.receiverPhoneNumber) : ''),
      sentOn: day(fields.sentAt),
    },
    sections: [
      ...sections,
      {
        heading: 'Signature',
        paragraphs: [
          `By signing, ${fields.receiverName} agrees to the terms above and to signing electronically. The signed copy, with a certificate of when and from where it was opened and signed, is kept by ${fields.organizationName}.`,
        ],
      },
    ],
  };
}
