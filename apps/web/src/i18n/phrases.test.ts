import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts';
import { resources } from './index.ts';

describe('phrases', () => {
  it.each(['vi', 'en'] as const)('name every module and feature of the permission catalogue in %s', (language) => {
    const { modules, features } = resources[language].access;
    for (const permission of PERMISSIONS) {
      expect(modules[permission.module as keyof typeof modules], permission.module).toBeTruthy();
      expect(features[`${permission.module}_${permission.feature}`], `${permission.module}_${permission.feature}`).toBeTruthy();
    }
  });
});
