import { Module } from '@nestjs/common';
import { ConformancePrompts } from './conformance.prompts';
import { ConformanceResources } from './conformance.resources';
import { ConformanceContentTools } from './conformance-content.tools';
import { ConformanceInputTools } from './conformance-input.tools';
import { ConformanceInteractionTools } from './conformance-interaction.tools';

/**
 * Every fixture the official MCP conformance suite names (tools, resources, a template, prompts and
 * a completion), built on `@McpTool`/`@McpResource`/`@McpPrompt`. Loaded only by
 * `myko-nest serve --profile conformance`; never part of the default server.
 * @publicApi
 */
@Module({
  providers: [
    ConformanceResources,
    ConformanceContentTools,
    ConformanceInteractionTools,
    ConformanceInputTools,
    ConformancePrompts,
  ],
})
export class ConformancePluginModule {}
