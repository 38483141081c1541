import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { invalidOptionsOf } from './decorator-options';
import type { InvalidDecoratorUse } from './errors/decorator-options.error';
import type { OperationMetadata } from './interfaces/operation-metadata.interface';
import { OperationRegistry } from './operation.registry';
import { OperationMetadataAccessor } from './operation-metadata.accessor';
import { type DiscoveredMethod, ProviderMethodExplorer } from './provider-method.explorer';
import { nonStaticProviderMessage } from './registry.messages';

/**
 * Finds every decorated operation method on the application's singleton providers and controllers
 * during module init, registers it, and seals the registry at application bootstrap.
 */
@Injectable()
export class OperationExplorer extends ProviderMethodExplorer {
  protected readonly logger = new Logger(OperationExplorer.name);

  constructor(
    discovery: DiscoveryService,
    scanner: MetadataScanner,
    private readonly accessor: OperationMetadataAccessor,
    private readonly registry: OperationRegistry,
  ) {
    super(discovery, scanner);
  }

  protected invalidOptions({ method, source }: DiscoveredMethod): InvalidDecoratorUse[] {
    const invalid = invalidOptionsOf(this.accessor.getOperationMetadata(method));
    return invalid ? [{ ...invalid, source }] : [];
  }

  protected visit({ methodName, method, handler, instance, source, singleton }: DiscoveredMethod): void {
    const metadata = this.accessor.getOperationMetadata(method);
    if (!metadata) return;
    const id = metadata.id ?? methodName;
    if (!singleton) {
      this.logger.warn(nonStaticProviderMessage(`${metadata.kind}_${id}`, source));
      return;
    }
    const preview = metadata.preview?.bind(instance);
    this.registry.add({
      ...pickOptions(metadata),
      ...(preview ? { preview } : {}),
      id,
      source,
      handler: handler as never,
    });
  }

  protected seal(): void {
    this.registry.seal();
  }
}

function pickOptions(metadata: OperationMetadata) {
  const { kind, description, args, output, idempotent, destructive, approval, keywords, reads, writes, resource } =
    metadata;
  const picked = { kind, description, args, output, idempotent, destructive, approval, keywords, reads, writes };
  return { ...picked, resource, ...(metadata.compensate ? { compensate: metadata.compensate } : {}) };
}
