import { Module } from '@nestjs/common';

/**
 * Holds the options `MykoModule.forRootAsync()`'s factory returned (`MYKO_MODULE_OPTIONS`), for the
 * libs' modules to read theirs from: one module, so the factory runs once.
 */
@Module({})
export class MykoOptionsModule {}
