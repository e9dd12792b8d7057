import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { TEST_PUBLIC_URL } from './test-app.ts';

/**
 * A relying party written with openid-client (v6), as a service app of the suite would be,
 * talking to the test app through `inject` instead of the network.
 */
export async function relyingParty(app: Pick<FastifyInstance, 'inject'>, clientId: string, options: { secret?: string; algorithm?: 'oidc' | 'oauth2' } = {}) {
  const viaInject = async (url: string, init: client.CustomFetchOptions): Promise<Response> => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).entries());
    const answer = await app.inject({
      method: init.method as 'GET',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      ...(init.body === undefined || init.body === null ? {} : { payload: String(init.body) }),
    });
    const replied = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) replied.set(name, [value].flat().join(', '));
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers: replied });
  };
  const auth = options.secret ? client.ClientSecretBasic(options.secret) : client.None();
  return client.discovery(new URL(`${TEST_PUBLIC_URL}/oidc`), clientId, options.secret, auth, {
    execute: [client.allowInsecureRequests],
    algorithm: options.algorithm ?? 'oidc',
    [client.customFetch]: viaInject,
  });
}
