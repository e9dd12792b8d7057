import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unstorableTextPath } from '@portal/contracts';

/**
 * The routes' validator: every request part a route declares (body, query, path) is first held
 * to the contracts' one text rule (`isStorableText`: no NUL, no lone surrogate), whatever its
 * schema says about the field — search keywords, names, codes, keys of objects alike — then
 * validated by its zod schema. A text PostgreSQL would refuse is a 400 naming the field
 * (`text_invalid`) instead of a 500 from the database.
 */
export const storableInputValidator: FastifySchemaCompiler<z.ZodType> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  return (data) => {
    const path = unstorableTextPath(data);
    if (!path) return validate(data);
    // Refused through zod, so the refusal has the shape every other 400 has (envelope.ts).
    const refusal = z.any().superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', message: 'text_invalid', path }));
    return validatorCompiler({ ...routeSchema, schema: refusal })(data);
  };
};
