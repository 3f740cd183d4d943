/** Business rule failures. The web layer maps each `kind` to one HTTP status in one place. */
export type DomainErrorKind =
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'illegal_state'
  | 'unauthorized'
  | 'gone';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const illegalState = (message: string) => new DomainError('illegal_state', message);

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
