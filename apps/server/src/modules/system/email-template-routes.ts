import type { FastifyInstance } from 'fastify';
import { BASE_PATH, EMAIL_TEMPLATE_TYPE_NAMES, EMAIL_TEMPLATE_TYPES, emailTemplateResource, type EmailTemplateType, type EmailTemplateTypeInfo, type Language, EMAIL_TEMPLATE_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { languageOf } from '../../platform/language.ts';
import { renderTemplate } from '../../platform/mail/render.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { emailTemplateStore } from './email-template-store.ts';
import { signinPage } from '../../identity/provider.ts';

/** Values the preview fills each variable with. */
function sampleValues(publicUrl: string): Record<string, string> {
  const signinUrl = signinPage(publicUrl);
  return {
    code: '123456',
    minutes: '10',
    username: 'nguyen.van.an',
    password: 'Mau#Pass2026',
    unitName: 'Công ty TNHH Mẫu',
    link: `${signinUrl}?resetToken=sample`,
    signinUrl,
    elearningUrl: `${publicUrl}${BASE_PATH}/list-base-app`,
    days: '30',
  };
}

/** /api/EmailTemplate: the resource, its type list and type info, and the preview. */
export function registerEmailTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, emailTemplateResource, emailTemplateStore);
  const samples = sampleValues(ctx.config.publicUrl);
  const infoOf = (type: EmailTemplateType, language: Language): EmailTemplateTypeInfo => {
    const variables = [...EMAIL_TEMPLATE_TYPES[type].variables];
    return { type, name: EMAIL_TEMPLATE_TYPES[type].name[language], variables, sample: Object.fromEntries(variables.map((name) => [name, samples[name] ?? name])) };
  };

  registerCall(app, EMAIL_TEMPLATE_CALLS.types, {}, async (request) => EMAIL_TEMPLATE_TYPE_NAMES.map((type) => infoOf(type, languageOf(request))));

  registerCall(app, EMAIL_TEMPLATE_CALLS.typeInfo, {}, async (request) => infoOf(request.params.type, languageOf(request)));

  // The template as its recipient would get it: sample values in, anything that runs out.
  registerCall(app, EMAIL_TEMPLATE_CALLS.preview, {}, async (request) => {
    const { systemType, language, subject, content } = request.body;
    return await renderTemplate({ subject, content }, systemType ? infoOf(systemType, language).sample : {}, language);
  });
}
