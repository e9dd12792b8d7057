import type { FastifyInstance } from 'fastify';
import { actionLogResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { actionLogStore } from './action-log-store.ts';

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, actionLogResource, actionLogStore);
}
