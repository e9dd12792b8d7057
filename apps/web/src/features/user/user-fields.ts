import type { TFunction } from 'i18next';
import { USER_STATUS } from '@portal/contracts';
import type { FormField, Option, StatusToggle } from '../../shared/resource/types.ts';

/** The fields every person's save schema has (unit users, admin accounts, agency users). */
type AccountFieldName = 'username' | 'email' | 'password' | 'confirmPassword' | 'lastName' | 'firstName' | 'mobile';

/** The account part of a person's form: login, password (when adding) and name. */
export function accountFormFields(t: TFunction<'user'>): (FormField & { name: AccountFieldName })[] {
  return [
    { name: 'username', label: t('fields.username'), input: 'text', readOnlyOnEdit: true },
    { name: 'email', label: t('fields.email'), input: 'text' },
    { name: 'password', label: t('fields.password'), input: 'password', only: 'create' },
    { name: 'confirmPassword', label: t('fields.confirmPassword'), input: 'password', only: 'create' },
    { name: 'lastName', label: t('fields.lastName'), input: 'text' },
    { name: 'firstName', label: t('fields.firstName'), input: 'text' },
    { name: 'mobile', label: t('fields.mobile'), input: 'text' },
  ];
}

/** Active or Lock. */
export function userStatusOptions(statusText: (status: number) => string): Option[] {
  return [USER_STATUS.active, USER_STATUS.lock].map((value) => ({ value, label: statusText(value) }));
}

/** The status switch of an account, asking "lock …?" or "unlock …?". */
export function userStatusToggle(t: TFunction<'user'>): StatusToggle {
  return {
    on: USER_STATUS.active,
    off: USER_STATUS.lock,
    question: (status, record) => t(status === USER_STATUS.lock ? 'statusQuestion.lock' : 'statusQuestion.unlock', { name: record.username }),
  };
}
