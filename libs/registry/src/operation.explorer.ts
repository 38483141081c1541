import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { OperationMetadata } from './interfaces';
import { OperationRegistry } from './operation.registry';
import { OperationMetadataAccessor } from './operation-metadata.accessor';
import { nonStaticProviderMessage } from './registry.messages';
import { methodSource, type ProviderMethod, providerMethods } from './utils/provider-methods.util';

/**
 * Finds every decorated operation method on the application's singleton providers and controllers
 * during module init, registers it, and seals the registry at application bootstrap.
 */
@Injectable()
export class OperationExplorer implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(OperationExplorer.name);

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly accessor: OperationMetadataAccessor,
    private readonly registry: OperationRegistry,
  ) {}

  onModuleInit(): void {
    this.explore();
  }

  onApplicationBootstrap(): void {
    this.registry.seal();
  }

  /** Registers the operations of every provider and controller; fails on the first bad one. */
  explore(): void {
    for (const found of providerMethods(this.discovery, this.scanner)) this.exploreMethod(found);
  }

  private exploreMethod(found: ProviderMethod): void {
    const { wrapper, instance, methodName, method } = found;
    const metadata = this.accessor.getOperationMetadata(method);
    if (!metadata) return;
    const id = metadata.id ?? methodName;
    const source = methodSource(found);
    if (!wrapper.isDependencyTreeStatic() || wrapper.isTransient) {
      this.logger.warn(nonStaticProviderMessage(`${metadata.kind}_${id}`, source));
      return;
    }
    this.registry.add({ ...pickOptions(metadata), id, source, handler: method.bind(instance) as never });
  }
}

function pickOptions(metadata: OperationMetadata) {
  const { kind, description, args, output, idempotent, destructive, keywords, reads, writes, resource } = metadata;
  return { kind, description, args, output, idempotent, destructive, keywords, reads, writes, resource };
}
