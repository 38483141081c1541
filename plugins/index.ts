export * from './database';
export { exampleDataInstructions } from './example-data.instructions';
export { ExamplePluginsModule, type ExamplePluginsOptions } from './example-plugins.module';
export * from './inventory';
export * from './orders';
export * from './reporting';
