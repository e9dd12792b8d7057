import { ApiError } from '../../api/http.ts';

/**
 * Where a failed save is shown: the envelope's `errors[].field` (`body.email`, `body.roleIds.0`)
 * at the form's field of that name, everything else (a refusal naming no field, or a field the
 * form does not show) as one message inside the dialog.
 */
export function refusalPlaces(error: unknown, shown: (name: string) => boolean): { atFields: { name: string; message: string }[]; elsewhere: string | undefined } {
  if (!(error instanceof ApiError)) return { atFields: [], elsewhere: error instanceof Error ? error.message : String(error) };
  const named = (error.fieldErrors ?? []).map((fieldError) => ({ name: fieldError.field.replace(/^body\./, '').split('.')[0]!, message: fieldError.message }));
  const atFields = named.filter((fieldError) => shown(fieldError.name));
  return { atFields, elsewhere: atFields.length ? undefined : error.message };
}
