import { JSONSchema } from 'class-validator-jsonschema';

/**
 * Describes one argument of an operation for the model: the text becomes the argument's
 * `description` in search results and in its JSON Schema.
 *
 * @example
 * ```ts
 * class GetOrdersArgs {
 *   @ArgDescription('Customer id, e.g. C-0042')
 *   @IsString()
 *   customerId: string;
 * }
 * ```
 * @publicApi
 */
export function ArgDescription(description: string): PropertyDecorator {
  const decorate = JSONSchema({ description });
  return (target, propertyKey) => decorate(target, String(propertyKey));
}
