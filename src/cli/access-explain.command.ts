import type { Writable } from 'node:stream';
import { AccessExplainer, AdminRequestError } from '@myko/admin';
import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { NestFactory } from '@nestjs/core';
import { createAppConfig } from '../config/app.config';
import { loadPlugins } from '../plugin-loader/plugin.loader';
import type { AccessExplainOptions } from './access-explain.parser';
import { CliUsageError } from './cli-usage.error';
import { OperationsOnlyModule } from './operations-only.module';

/**
 * `myko-nest access explain`: the admin API's answer, computed offline by the same explainer over the
 * operations `serve` would register with this config file. Resolves to the exit code: 1 when a point
 * question's call is refused, else 0.
 */
export async function runAccessExplain(options: AccessExplainOptions, stdout: Writable): Promise<number> {
  const config = await loadPlugins(
    createAppConfig('serve', { configPath: options.configPath, databasePath: ':memory:', plugins: options.plugins }),
  );
  if (!config.access)
    throw new CliUsageError('access explain needs a config file with profiles (--config or MYKO_CONFIG)');
  const context = await NestFactory.createApplicationContext(OperationsOnlyModule.forRoot(config), {
    logger: ['error'],
    abortOnError: false,
  });
  try {
    const explainer = new AccessExplainer({
      registry: context.get(OperationRegistry),
      invoker: context.get(OperationInvoker),
      access: config.access,
      toolMode: config.dispatch.toolMode,
    });
    const answer = await explainer.answer(questionOf(options));
    stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return 'allowed' in answer && !answer.allowed ? 1 : 0;
  } catch (error) {
    // An unknown key or profile, or a malformed question: said as the admin API says it.
    if (error instanceof AdminRequestError) throw new CliUsageError(error.message);
    throw error;
  } finally {
    await context.close();
  }
}

function questionOf(options: AccessExplainOptions) {
  const { key, profile, claims, operation, args } = options;
  return {
    ...(key === undefined ? {} : { key }),
    ...(claims === undefined ? {} : { claims }),
    ...(profile === undefined ? {} : { profile }),
    ...(operation === undefined ? {} : { operation }),
    ...(args === undefined ? {} : { args }),
  };
}
