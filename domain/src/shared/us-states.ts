import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

/** A state of the United States (or the District of Columbia): its USPS code and its name. */
export interface UsState {
  code: string;
  name: string;
}

/** The 50 states and the District of Columbia, by name: the state pickers of the radius search. */
export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

const namesByCode = new Map(US_STATES.map((state) => [state.code, state.name]));

/** "Illinois" for "IL" (any case); undefined for a code that is not a state or DC. */
export function usStateName(code: string): string | undefined {
  return namesByCode.get(code.trim().toUpperCase());
}

/** Names as compared: lower case, one space between words ("  new   MEXICO " → "new mexico"). */
const nameKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const codesByKey = new Map<string, string>(
  US_STATES.flatMap((state) => [
    [state.code.toLowerCase(), state.code],
    [nameKey(state.name), state.code],
  ]),
);

/**
 * The two-letter code of a state or DC given by its code or its full name, in any case and with any
 * spaces around or between its words (" tx", "Texas", "TEXAS", "new mexico"); undefined for anything
 * else ("XX", "Tex.", "Puerto Rico").
 */
export function usStateCode(text: string): string | undefined {
  return codesByKey.get(nameKey(text));
}

/** docs/rules.md#validation: "{Field} must be a US state or DC". */
export const usStateMessage = (label: string) => `${label} must be a US state or DC`;

const toStateCode = (label: string) => (text: string, context: z.core.$RefinementCtx<unknown>) => {
  const code = usStateCode(text);
  if (code !== undefined) return code;
  context.addIssue({ code: 'custom', message: usStateMessage(label), input: text });
  return z.NEVER;
};

/**
 * A required state (docs/rules.md#validation): one of the 50 states or DC, by code or full name in any
 * case, kept as its two-letter code. Empty is "{Field} is required"; anything else that is not a state
 * is "{Field} must be a US state or DC".
 */
export const usState = (label: string) => requiredText(label).transform(toStateCode(label));

/** The same rule for a state that may be left out: empty means null. */
export const optionalUsState = (label: string) =>
  optionalText(label).transform((text, context) =>
    text === null ? null : toStateCode(label)(text, context),
  );
