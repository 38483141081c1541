import type { Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DecoratorOptionsError, type InvalidDecoratorUse } from './errors/decorator-options.error';
import { methodSource, providerMethods } from './utils/provider-methods.util';

/** A method of a provider or controller, as an explorer sees it. */
export interface DiscoveredMethod {
  readonly methodName: string;
  /** The unbound method: where decorator metadata is read from. */
  readonly method: (...args: never[]) => unknown;
  /** The method bound to its instance: what a registry calls. */
  readonly handler: (...args: never[]) => unknown;
  /** The provider or controller the method belongs to (what other functions of its options are bound to). */
  readonly instance: object;
  /** `ClassName.method` (`… (plugin <file>)` for an external plugin), for messages. */
  readonly source: string;
  /** Whether the instance is a singleton (request- or transient-scoped ones cannot be called from a registry). */
  readonly singleton: boolean;
}

/**
 * Discovery of decorated provider methods, written once for the operation registry and the MCP
 * primitives: at module init the decorators of every method of every singleton-or-not provider and
 * controller (each instance once) are checked ({@link invalidOptions}), then each method is handed to
 * {@link visit}; at application bootstrap {@link seal} closes the registry. Subclasses read their own
 * metadata and decide what to register.
 * @publicApi
 */
export abstract class ProviderMethodExplorer implements OnModuleInit, OnApplicationBootstrap {
  protected abstract readonly logger: Logger;

  protected constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    this.explore();
  }

  onApplicationBootstrap(): void {
    this.seal();
  }

  /**
   * Visits every method of every provider and controller; a subclass throws on the first bad one.
   * @throws DecoratorOptionsError first, listing every decorator given wrong options
   */
  explore(): void {
    const methods = [...providerMethods(this.discovery, this.scanner)].map((found): DiscoveredMethod => {
      const { wrapper, instance, methodName, method } = found;
      return {
        methodName,
        method,
        handler: method.bind(instance) as never,
        instance,
        source: methodSource(found),
        singleton: wrapper.isDependencyTreeStatic() && !wrapper.isTransient,
      };
    });
    const invalid = methods.flatMap((found) => this.invalidOptions(found));
    if (invalid.length > 0) throw new DecoratorOptionsError(invalid);
    for (const found of methods) this.visit(found);
  }

  /** The decorators of `found` (this explorer's kinds) that were given wrong options. */
  protected abstract invalidOptions(found: DiscoveredMethod): InvalidDecoratorUse[];

  /** Registers what `found` declares, if anything (warns through {@link logger} for a non-singleton). */
  protected abstract visit(found: DiscoveredMethod): void;

  /** Closes the registry once the application is built. */
  protected abstract seal(): void;
}
