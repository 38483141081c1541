import { ArgDescription } from '@myko/registry';

/**
 * Documents a field of an output DTO for the model: the text becomes the field's `description` in the
 * operation's output schema (the same mechanism as `@ArgDescription` on argument DTOs). Say the unit
 * when there is one.
 */
export function Describe(description: string): PropertyDecorator {
  return ArgDescription(description);
}
