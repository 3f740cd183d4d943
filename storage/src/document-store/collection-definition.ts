import type { CollectionDefinition, FieldType } from './port.ts';

const collectionName = /^[a-z][a-z0-9_]*$/;
const fieldPath = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const fieldTypes: readonly FieldType[] = ['text', 'number', 'boolean', 'date'];

/** Every collection can be filtered and sorted by id; it need not be declared. */
export const idField = 'id';

export function assertCollectionName(name: string): void {
  if (!collectionName.test(name)) {
    throw new Error(`Invalid collection name ${JSON.stringify(name)}: use lowercase letters, digits and _`);
  }
}

/**
 * Field paths end up in SQL (generated columns) and Mongo paths, so only plain identifiers joined by
 * dots are accepted. `position` is kept by the store itself and cannot be declared.
 */
export function assertValidDefinition(definition: CollectionDefinition): void {
  assertCollectionName(definition.name);
  for (const [field, type] of Object.entries(definition.fields)) {
    if (!fieldPath.test(field))
      throw new Error(`Invalid field ${JSON.stringify(field)} in ${definition.name}`);
    if (field === 'position' || field.startsWith('_')) {
      throw new Error(`Field ${field} of ${definition.name} is reserved`);
    }
    if (!fieldTypes.includes(type))
      throw new Error(`Field ${field} of ${definition.name} has unknown type ${type}`);
  }
  for (const index of definition.indexes ?? []) {
    if (index.length === 0) throw new Error(`Empty index in ${definition.name}`);
    for (const field of index) fieldType(definition, field);
  }
  for (const field of definition.geoIndex ?? []) {
    for (const part of ['latitude', 'longitude']) {
      if (fieldType(definition, `${field}.${part}`) !== 'number')
        throw new Error(
          `Geo index on ${field} of ${definition.name} needs ${field}.${part} declared as a number`,
        );
    }
  }
  for (const field of definition.textIndex ?? []) {
    if (fieldType(definition, field) !== 'text')
      throw new Error(`Text index on ${field} of ${definition.name}, which is not a text field`);
  }
}

/** The declared type of a field, throwing for a field that was not declared. */
export function fieldType(definition: CollectionDefinition, field: string): FieldType {
  if (field === idField) return 'text';
  const type = Object.hasOwn(definition.fields, field) ? definition.fields[field] : undefined;
  if (!type)
    throw new Error(`Field ${JSON.stringify(field)} is not declared in collection ${definition.name}`);
  return type;
}

/** Fields worth an index of their own; a yes/no field is too coarse to narrow a query by itself. */
export function singlyIndexedFields(definition: CollectionDefinition): string[] {
  if (definition.indexEachField === false) return [];
  return Object.entries(definition.fields)
    .filter(([field, type]) => field !== idField && type !== 'boolean')
    .map(([field]) => field);
}
