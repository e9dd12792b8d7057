import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-template.ts';

describe('SMS length', () => {
  it('counts GSM-7 in septets: 160 in one message, 153 a segment beyond', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension characters twice', () => {
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM7', units: 160, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}[`).segments).toBe(2);
  });

  it('sends a text with any character outside GSM-7 (a Vietnamese diacritic) as UCS-2: 70, then 67 a segment', () => {
    expect(smsLength('Mã xác thực của bạn là 123456')).toMatchObject({ encoding: 'UCS2', segments: 1 });
    expect(smsLength('ạ'.repeat(70))).toEqual({ encoding: 'UCS2', units: 70, segments: 1 });
    expect(smsLength('ạ'.repeat(71))).toEqual({ encoding: 'UCS2', units: 71, segments: 2 });
    expect(smsLength('ạ'.repeat(135)).segments).toBe(3);
  });
});
