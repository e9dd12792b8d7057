import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer } from './oidc-client.ts';
import type { TestApp } from './test-app.ts';

export interface Api {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  /** The `data` of a successful reply; throws with the reply when it is not one. */
  data<T = any>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>): Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test replies are read loosely, like `inject().json()`
}

/** The API as one caller sees it (no headers: anonymous). */
export function apiAs(t: TestApp, headers: Record<string, string> = {}): Api {
  return {
    get: (url) => t.app.inject({ url, headers }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers, payload }),
    delete: (url) => t.app.inject({ method: 'DELETE', url, headers }),
    async data(response) {
      const reply = await response;
      const body = reply.json();
      if (reply.statusCode !== 200 || !body.success) throw new Error(`${reply.statusCode} ${reply.body}`);
      return body.data;
    },
  };
}

/** One call as the holder of `token`: GET without a body, POST with one. */
export function callApi(app: FastifyInstance, token: string, url: string, body?: object, language = 'en') {
  const options: InjectOptions = { method: body === undefined ? 'GET' : 'POST', url, headers: { ...bearer(token), 'accept-language': language } };
  if (body !== undefined) options.payload = body as Record<string, unknown>;
  return app.inject(options);
}
