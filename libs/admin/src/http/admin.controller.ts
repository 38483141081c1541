import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Post, Req, Res, type Type } from '@nestjs/common';
import { AccessExplainer } from '../explain/access-explainer';
import type { AdminModuleOptions, ExplainQuestion } from '../interfaces';
import { explainQuestionOf, queryOf, readJsonBody } from './admin-request.input';
import { type AdminAnswer, AdminRequests } from './admin-requests';

/** What an audit line says an explain question was about. */
function targetOf(question: ExplainQuestion, answer: unknown): string {
  if (question.profile !== undefined) return `profile:${question.profile}`;
  if (question.claims !== undefined) return `claims→${(answer as { subject?: { profile?: string } }).subject?.profile}`;
  const keyId = (answer as { subject?: { keyId?: string } }).subject?.keyId;
  return keyId ? `key:${keyId}` : 'anonymous';
}

/**
 * The admin API's routes under `path` (`/admin`): built per module definition, since a controller's
 * path is fixed when its class is declared. Each route is one action served through `AdminRequests`
 * (credential, answer, audit line); later actions (executions, approvals) are further methods here.
 */
export function adminController(path: string): Type {
  @Controller(path)
  class AdminController {
    private readonly explainer: AccessExplainer;

    constructor(
      private readonly requests: AdminRequests,
      @Inject(AccessExplainer) explainer: AccessExplainer,
    ) {
      this.explainer = explainer;
    }

    /** `GET <path>/whoami`: `{ principal }` of the admin key sent — how the console checks a key it is given. */
    @Get('whoami')
    whoami(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'admin.whoami', async (principal) => ({ body: { principal } }));
    }

    /** `GET <path>/access/explain?profile=ops|claims=<json>[&operation=…&args=<json>]` */
    @Get('access/explain')
    explainByQuery(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'access.explain', () =>
        this.explain(explainQuestionOf(queryOf(req), 'query')),
      );
    }

    /** `POST <path>/access/explain` with `{ key | profile | claims, operation?, args? }` */
    @Post('access/explain')
    explainByBody(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'access.explain', async () =>
        this.explain(explainQuestionOf(await readJsonBody(req), 'body')),
      );
    }

    private async explain(question: ExplainQuestion): Promise<AdminAnswer> {
      const body = await this.explainer.answer(question);
      return {
        body,
        target: targetOf(question, body),
        ...(question.operation ? { operation: question.operation } : {}),
      };
    }
  }
  return AdminController;
}

/** The options' path without its leading slash, as `@Controller` takes it. */
export function controllerPath(options: Pick<AdminModuleOptions, 'path'>, fallback: string): string {
  return (options.path ?? fallback).replace(/^\/+|\/+$/g, '');
}
