// class-transformer ships no typings beside its CommonJS build; this is the singleton its @Type() writes to.
declare module 'class-transformer/cjs/storage' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';

  export const defaultMetadataStorage: MetadataStorage;
}
