import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { OperationMetadata } from './interfaces';
import { OperationRegistry } from './operation.registry';
import { OperationMetadataAccessor } from './operation-metadata.accessor';
import { nonStaticProviderMessage } from './registry.messages';

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
    // The same instance can sit behind several tokens (useExisting, a shared useValue).
    const explored = new Set<object>();
    for (const wrapper of [...this.discovery.getControllers(), ...this.discovery.getProviders()]) {
      const instance: unknown = wrapper.instance;
      if (typeof instance !== 'object' || instance === null || explored.has(instance)) continue;
      const prototype = Object.getPrototypeOf(instance);
      if (!prototype) continue;
      explored.add(instance);
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        this.exploreMethod(wrapper, instance as Record<string, unknown>, methodName);
      }
    }
  }

  private exploreMethod(wrapper: InstanceWrapper, instance: Record<string, unknown>, methodName: string): void {
    const method = instance[methodName];
    const metadata = this.accessor.getOperationMetadata(method);
    if (!metadata || typeof method !== 'function') return;
    const id = metadata.id ?? methodName;
    const source = `${instance.constructor?.name || String(wrapper.name)}.${methodName}`;
    if (!wrapper.isDependencyTreeStatic() || wrapper.isTransient) {
      this.logger.warn(nonStaticProviderMessage(`${metadata.kind}_${id}`, source));
      return;
    }
    this.registry.add({ ...pickOptions(metadata), id, source, handler: method.bind(instance) });
  }
}

function pickOptions({ kind, description, args, output, idempotent, destructive }: OperationMetadata) {
  return { kind, description, args, output, idempotent, destructive };
}
