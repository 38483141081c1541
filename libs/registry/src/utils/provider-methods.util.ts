import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { PLUGIN_FILE_METADATA } from '../registry.constants';

/** A method found on a provider or controller instance. */
export interface ProviderMethod {
  wrapper: InstanceWrapper;
  instance: object;
  methodName: string;
  method: (...args: never[]) => unknown;
}

/**
 * Each object instance behind the wrappers once: the same instance can sit behind several tokens
 * (useExisting, a shared useValue).
 */
export function* distinctInstances(
  wrappers: readonly InstanceWrapper[],
): Generator<{ wrapper: InstanceWrapper; instance: object }> {
  const explored = new Set<object>();
  for (const wrapper of wrappers) {
    const instance: unknown = wrapper.instance;
    if (typeof instance !== 'object' || instance === null || explored.has(instance)) continue;
    explored.add(instance);
    yield { wrapper, instance };
  }
}

/** Every method (inherited ones included) of every provider and controller instance, each instance once. */
export function* providerMethods(discovery: DiscoveryService, scanner: MetadataScanner): Generator<ProviderMethod> {
  for (const { wrapper, instance } of distinctInstances([...discovery.getControllers(), ...discovery.getProviders()])) {
    const prototype = Object.getPrototypeOf(instance);
    if (!prototype) continue;
    for (const methodName of scanner.getAllMethodNames(prototype)) {
      const method = (instance as Record<string, unknown>)[methodName];
      if (typeof method === 'function')
        yield { wrapper, instance, methodName, method: method as ProviderMethod['method'] };
    }
  }
}

/** `ClassName.method` (`… (plugin <file>)` for an external plugin), naming an operation's or primitive's origin in messages. */
export function methodSource({ wrapper, instance, methodName }: ProviderMethod): string {
  const file: unknown = instance.constructor
    ? Reflect.getMetadata(PLUGIN_FILE_METADATA, instance.constructor)
    : undefined;
  const name = `${instance.constructor?.name || String(wrapper.name)}.${methodName}`;
  return typeof file === 'string' ? `${name} (plugin ${file})` : name;
}
