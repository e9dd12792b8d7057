import { describe, expect, it } from 'vitest';
import { toSubdomain } from './text.ts';

describe('toSubdomain', () => {
  it('strips Vietnamese diacritics, spaces and punctuation', () => {
    expect(toSubdomain('Công ty TNHH Minh Phát')).toBe('congtytnhhminhphat');
    expect(toSubdomain('Đại Lộc, Hội An!')).toBe('dailochoian');
    expect(toSubdomain('  ')).toBe('');
  });
});
