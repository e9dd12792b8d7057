import { describe, expect, it } from 'vitest';
import { STATUS, type BaseApp } from '@portal/contracts';
import { workScreenTarget } from './work-screen-target.ts';

const crm: BaseApp = { baseAppCode: 'CRM', title: 'CRM', channelPackageStatus: STATUS.active, link: 'https://crm.example.test/app?tab=inbox' };
const base = 'https://portal.example.test/sso-fe/work-screen';

describe('the work screen target', () => {
  it('is the app link with the interaction id added to its own query', () => {
    expect(workScreenTarget([crm], 'CRM', 'conv 42&x', base)).toEqual({ href: 'https://crm.example.test/app?tab=inbox&interaction_id=conv+42%26x' });
    expect(workScreenTarget([{ ...crm, link: '/crm/' }], 'CRM', 'c1', base)).toEqual({ href: 'https://portal.example.test/crm/?interaction_id=c1' });
  });

  it('refuses an app that is not the user’s, whose packs expired, or that has no link', () => {
    expect(workScreenTarget([crm], 'IC', 'c1', base)).toEqual({ refusal: 'unavailable' });
    expect(workScreenTarget([{ ...crm, channelPackageStatus: STATUS.inactive }], 'CRM', 'c1', base)).toEqual({ refusal: 'expired' });
    expect(workScreenTarget([{ ...crm, link: null }], 'CRM', 'c1', base)).toEqual({ refusal: 'notConfigured' });
  });
});
