import { z } from 'zod';

/** `/sso-fe/env.json`: where the SPA finds its API, identity provider and live connection. */
export const environmentSchema = z.object({
  apiEndpoint: z.string(),
  authority: z.string(),
  realtimeUrl: z.string(),
  clientId: z.string(),
  clientRoot: z.string(),
  clientScope: z.string(),
  apiRoot: z.string(),
  imageRoot: z.string(),
  logoutUrl: z.string(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** `/sso-fe/version.json`, written at build time. */
export const portalVersionSchema = z.object({
  version: z.string(),
  builtAt: z.string(),
});
export type PortalVersion = z.infer<typeof portalVersionSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
