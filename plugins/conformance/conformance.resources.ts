import { McpResource, type McpResourceRequest } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { RED_PIXEL_PNG } from './conformance.media';

export const WATCHED_RESOURCE = 'test://watched-resource';

/** The conformance suite's resources: static text and binary, a template, and one that changes. */
@Injectable()
export class ConformanceResources {
  private watchedVersion = 1;

  @McpResource({
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @McpResource({
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (a 1x1 PNG) for testing',
    mimeType: 'image/png',
  })
  staticBinary(): Buffer {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }

  @McpResource({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    title: 'Template Resource',
    description: 'Data for one id, substituted into the template',
    mimeType: 'application/json',
    complete: { id: (value) => ['1', '2', '3', '123'].filter((id) => id.startsWith(value)) },
  })
  templateData({ variables }: McpResourceRequest): string {
    return JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${variables.id}` });
  }

  @McpResource({
    uri: WATCHED_RESOURCE,
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource to subscribe to; test_update_watched_resource changes it',
    mimeType: 'text/plain',
  })
  watched(): string {
    return `Watched resource content, version ${this.watchedVersion}`;
  }

  /** Moves the watched resource to its next version; returns it. */
  touchWatched(): number {
    return ++this.watchedVersion;
  }
}
