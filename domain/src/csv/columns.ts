/**
 * The columns of the boards' CSV files: the field names of the records (docs/rules.md#entities-and-fields), in the
 * order of the record, so that an exported file imports back (the import reads the same names and
 * ignores the columns a posting does not take: id, createdBy, createdAt…).
 */

export const truckCsvColumns = [
  'id',
  'trailerType',
  'companyName',
  'unitNumber',
  'truckName',
  'truckState',
  'truckCity',
  'preferedState',
  'preferedCity',
  'direction',
  'status',
  'availabilityDate',
  'dispatcherName',
  'dispatcherCountryCode',
  'dispatcherMobileNumber',
  'dispatcherEmail',
  'notes',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
] as const;

export const loadCsvColumns = [
  'id',
  'trailerType',
  'originState',
  'originCity',
  'destinationState',
  'destinationCity',
  'product',
  'rateForTitan',
  'rateForTitanUnit',
  'rateForCarrier',
  'rateForCarrierUnit',
  'customerName',
  'customerCountryCode',
  'customerMobileNumber',
  'customerEmail',
  'dispatcherName',
  'dispatcherCountryCode',
  'dispatcherMobileNumber',
  'dispatcherEmail',
  'availabilityDate',
  'notes',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
] as const;

/**
 * A radius search's columns: how far each result lies from the searched city (great-circle miles,
 * to a tenth) and in which compass direction, then the posting's own columns (which import back).
 */
export const radiusCsvPlacementColumns = ['distanceMiles', 'directionFromCity'] as const;
export const radiusTruckCsvColumns = [...radiusCsvPlacementColumns, ...truckCsvColumns] as const;
export const radiusLoadCsvColumns = [...radiusCsvPlacementColumns, ...loadCsvColumns] as const;

/** An envelope's columns: the record of docs/rules.md#entities-and-fields and what the sender's table shows of it. */
export const envelopeCsvColumns = [
  'id',
  'envelopeId',
  'templateId',
  'templateVersion',
  'envelopeStatus',
  'deliveryMethod',
  'receiverName',
  'receiverEmail',
  'receiverPhoneNumber',
  'type',
  'signedOn',
  'isActive',
  'organizationId',
  'senderName',
  'signerName',
  'deliveredAt',
  'lastSentAt',
  'expiresAt',
  'remindersSent',
  'voidReason',
  'rejectReason',
  'cancelReason',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
] as const;

/** The header line of a file with these columns. */
export const csvHeaderOf = (columns: readonly string[]) => columns.join(',');

export const TRUCK_CSV_HEADER = csvHeaderOf(truckCsvColumns);
export const LOAD_CSV_HEADER = csvHeaderOf(loadCsvColumns);
export const ENVELOPE_CSV_HEADER = csvHeaderOf(envelopeCsvColumns);
/** What every radius export starts with, trucks or loads: the placement, then the posting's id and trailer type. */
export const RADIUS_CSV_HEADER_START = `${csvHeaderOf(radiusCsvPlacementColumns)},id,trailerType,`;

/**
 * The first characters a spreadsheet reads as the start of a formula. An export puts a quote mark
 * before a cell that starts with one (csv-stringify's `escape_formulas`, the characters it escapes);
 * an import takes that quote mark off again, so a country code exported as `'+1` reads back as `+1`.
 */
const FORMULA_START = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as it was before an export escaped it (see FORMULA_START). */
export const unescapeFormula = (cell: string) => (FORMULA_START.test(cell) ? cell.slice(1) : cell);

/** The first characters of a cell a spreadsheet may run as a formula (csv-stringify's list). */
const FORMULA_RISK = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A value that is a number and nothing else: a sign, ASCII digits, a decimal fraction ("+1", "-3.5"). */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A text cell as an export writes it (docs/security.md#csv-files): a quote mark before a value a
 * spreadsheet may run as a formula (one starting with =, +, -, @, a tab, a carriage return or their
 * full-width forms), except a value that is only a number with its sign, as a country code "+1": a
 * spreadsheet reads that as a number, never as a formula, so it is written as it is.
 */
export const guardFormula = (cell: string) =>
  FORMULA_RISK.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;

/** The columns of a posting's creator an export adds after the record's own: the name and e-mail beside `createdBy`. */
export const creatorCsvColumns = ['createdByName', 'createdByEmail'] as const;
export const truckExportCsvColumns = [...truckCsvColumns, ...creatorCsvColumns] as const;
/**
 * What a loads export adds last, worked out rather than posted (an import passes over them): the
 * estimated trip miles and each flat rate per mile, then the margin and its unit for those who see it.
 */
export const loadMilesCsvColumns = ['tripMiles', 'ratePerMile', 'carrierRatePerMile'] as const;
export const loadMarginCsvColumns = ['margin', 'marginUnit'] as const;
export const loadExportCsvColumns = [
  ...loadCsvColumns,
  ...creatorCsvColumns,
  ...loadMilesCsvColumns,
] as const;
export const loadExportCsvColumnsWithMargin = [...loadExportCsvColumns, ...loadMarginCsvColumns] as const;
export const radiusTruckExportCsvColumns = [...radiusTruckCsvColumns, ...creatorCsvColumns] as const;
export const radiusLoadExportCsvColumns = [...radiusLoadCsvColumns, ...creatorCsvColumns] as const;
