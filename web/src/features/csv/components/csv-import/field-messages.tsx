/** A row's refusals, field by field, in the server's words. */
export function FieldMessages({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {Object.entries(errors).flatMap(([field, messages]) =>
        messages.map((message) => (
          <li key={`${field}:${message}`} className="break-words">
            <span className="font-mono text-xs text-muted-foreground">{field}</span>{' '}
            <span className="text-destructive">{message}</span>
          </li>
        )),
      )}
    </ul>
  );
}
