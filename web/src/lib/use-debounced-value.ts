import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds (a search box asks once typing pauses). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A text box's own text, handed to `onChange` (trimmed, empty as undefined) a moment after typing
 * stops rather than on every key; a new `value` from outside (the URL) replaces it.
 */
export function useDebouncedText(
  value: string | undefined,
  onChange: (value: string | undefined) => void,
  ms = 300,
) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === (value || undefined)) return;
    const timer = setTimeout(() => onChange(next), ms);
    return () => clearTimeout(timer);
  }, [text, value, onChange, ms]);
  return [text, setText] as const;
}
