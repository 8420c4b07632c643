import type { SelectionPlan } from '../plan/SelectionPlan.js';

/** The text an object has written so far, without the `into` it was written after. */
export function ownText(selection: SelectionPlan, text: string, base: number): string {
  if (base === 0) return text;
  selection.asyncProne = true;
  return text.slice(base);
}

/**
 * Closes an object some of whose values were OMITTED: each field's prefix assumed the fields
 * before it were written, so the first one written may start with a comma instead of `{`.
 */
export function closeObject(text: string): string {
  if (text === '') return '{}';
  return (text.charCodeAt(0) === 44 /* , */ ? '{' + text.slice(1) : text) + '}';
}
