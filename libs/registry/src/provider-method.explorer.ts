import type { Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { methodSource, providerMethods } from './utils/provider-methods.util';

/** A method of a provider or controller, as an explorer sees it. */
export interface DiscoveredMethod {
  readonly methodName: string;
  /** The unbound method: where decorator metadata is read from. */
  readonly method: (...args: never[]) => unknown;
  /** The method bound to its instance: what a registry calls. */
  readonly handler: (...args: never[]) => unknown;
  /** `ClassName.method` (`… (plugin <file>)` for an external plugin), for messages. */
  readonly source: string;
  /** Whether the instance is a singleton (request- or transient-scoped ones cannot be called from a registry). */
  readonly singleton: boolean;
}

/**
 * Discovery of decorated provider methods, written once for the operation registry and the MCP
 * primitives: at module init every method of every singleton-or-not provider and controller (each
 * instance once) is handed to {@link visit}; at application bootstrap {@link seal} closes the
 * registry. Subclasses read their own metadata and decide what to register.
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

  /** Visits every method of every provider and controller; a subclass throws on the first bad one. */
  explore(): void {
    for (const found of providerMethods(this.discovery, this.scanner)) {
      const { wrapper, instance, methodName, method } = found;
      this.visit({
        methodName,
        method,
        handler: method.bind(instance) as never,
        source: methodSource(found),
        singleton: wrapper.isDependencyTreeStatic() && !wrapper.isTransient,
      });
    }
  }

  /** Registers what `found` declares, if anything (warns through {@link logger} for a non-singleton). */
  protected abstract visit(found: DiscoveredMethod): void;

  /** Closes the registry once the application is built. */
  protected abstract seal(): void;
}
