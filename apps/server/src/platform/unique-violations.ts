import type { ErrorKey } from '@portal/contracts';
import { AppError } from './errors.ts';

/**
 * What a clash with each unique constraint of the schema means to the caller: the catalogue's
 * "already exists" refusal and the field it is about. The database is the one judge of
 * uniqueness — two creates at once cannot both pass a check made before the insert — and this
 * table is the one place its verdict becomes a refusal (SQLSTATE 23505, by constraint name).
 * `fields` lists the names the field has in the calls that write it; the refusal names the
 * one the request used. A test holds the table to the schema: a new constraint must be added.
 */
interface UniqueRefusal {
  key: ErrorKey;
  fields: readonly string[];
}

const exists = (key: ErrorKey, ...fields: string[]): UniqueRefusal => ({ key, fields });
/** Written only by upserts or by the server itself: no request can clash with it, but should one, it is still a refusal. */
const internal = exists('settings.duplicate_object');

export const UNIQUE_REFUSALS: Record<string, UniqueRefusal> = {
  users_username_key: exists('account.username_exists', 'username', 'adminUsername'),
  users_email_key: exists('account.email_exists', 'email', 'adminEmail'),
  units_business_code_key: exists('unit.business_code_exists', 'businessCode'),
  // Derived from the name when not given: two units of one name created at once can clash.
  units_tenant_id_key: exists('unit.tenant_id_exists', 'tenantId', 'name'),
  agencies_code_key: exists('agency.code_exists', 'code'),
  services_code_unique: exists('settings.duplicate_code', 'code'),
  roles_code_unique: exists('settings.duplicate_code', 'code'),
  categories_parent_code_key: exists('settings.duplicate_code', 'code'),
  app_objects_code_key: exists('settings.duplicate_object', 'code'),
  app_users_service_user_key: exists('settings.duplicate_object', 'userId'),
  unit_services_unit_service_key: exists('settings.duplicate_object', 'serviceId'),
  integrations_service_unit_key: exists('settings.duplicate_object', 'serviceId'),
  business_templates_default_idx: exists('settings.duplicate_object', 'isDefault'),
  config_data_key_key: exists('settings.duplicate_key', 'key'),
  config_data_defaults_key_key: exists('settings.duplicate_key', 'key'),
  blacklist_domains_domain_key: exists('settings.duplicate_entry', 'value'),
  blacklist_subdomains_subdomain_key: exists('settings.duplicate_entry', 'value'),
  blacklist_exceptions_email_key: exists('settings.duplicate_entry', 'value'),
  email_templates_type_language_key: exists('settings.duplicate_entry', 'systemType', 'language'),
  sms_templates_system_type_key: exists('settings.duplicate_entry', 'systemType'),
  two_factor_configs_unit_id_key: exists('settings.duplicate_object', 'unitId'),
  package_services_package_id_service_id_pk: exists('settings.duplicate_entry', 'serviceIds'),
  user_roles_user_id_role_id_pk: exists('settings.duplicate_entry', 'roleIds'),
  role_permissions_role_id_permission_code_pk: exists('settings.duplicate_entry', 'permissionCodes'),
  email_campaign_receivers_address_key: internal,
  verification_codes_purpose_subject_key: internal,
  activity_counters_key: internal,
  activity_devices_key: internal,
  oidc_payloads_type_id_pk: internal,
  oidc_keys_pkey: internal,
  menus_pkey: internal,
  permissions_pkey: internal,
  rate_limits_pkey: internal,
  system_state_pkey: internal,
  user_two_factor_pkey: internal,
  // A passkey's credential id is the authenticator's: registration lists the user's own in
  // excludeCredentials, so the browser refuses a second one before the portal sees it.
  passkeys_credential_id_key: internal,
  user_totp_pkey: internal,
  webauthn_challenges_pkey: internal,
};

/** The database's unique violation in `error` (drizzle wraps the driver's error as its cause). */
function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if ((cause as { code?: unknown }).code === '23505') return cause as { constraint?: string };
  }
  return undefined;
}

/**
 * The refusal a unique violation is for this request (the field named as the request's body
 * names it), or undefined when `error` is not one.
 */
export function uniqueViolationRefusal(error: unknown, body: unknown): AppError | undefined {
  const violation = uniqueViolation(error);
  if (!violation) return undefined;
  const refusal = (violation.constraint && UNIQUE_REFUSALS[violation.constraint]) || internal;
  const sent = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const field = refusal.fields.find((name) => sent.includes(name)) ?? refusal.fields[0];
  return new AppError(refusal.key, field ? { errors: [{ field: `body.${field}`, message: 'already_exists' }] } : {});
}
