import type vi from '../vi/validation.ts';
import type { Phrases } from '../phrases.ts';

export default {
  required: '{{field}} cannot be empty',
  emailRequired: 'Email address is required',
  too_long: 'Type at most {{max}} characters',
  email_invalid: 'Invalid email format',
  digits_only: '{{field}} may contain digits only',
  password_invalid: 'The password needs at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character (!@#$%^&*)',
  password_mismatch: 'The passwords do not match',
  code_required: 'Verification code cannot be empty',
  code_invalid: 'Please enter all 6 digits of the verification code',
  otp_required: 'OTP is required',
  agreement_required: 'Please agree to the privacy policy and the terms of service',
  username_invalid: 'At least 3 characters: letters, digits, dots, dashes or underscores',
  url_invalid: 'Invalid link format',
  business_code_invalid: 'A business registration code has 10 digits, or 10 digits, - and 3 digits for a branch (e.g. 0312345678 or 0312345678-001)',
  date_range: 'The end date must be after the start date',
  template_variable_unknown: '{{field}} uses a variable this template type does not offer',
  markup_unbalanced: '{{field}} has an HTML tag that is not closed, or closed out of order',
  period_too_long: 'Choose a period of at most 366 days',
  sms_too_long: 'The message is longer than 6 parts (concatenated SMS)',
  phone_invalid: 'Invalid phone number',
  image_type_invalid: 'Only PNG, JPEG, GIF or WebP images',
  file_too_large: 'The file is too large (512 KB at most)',
  send_time_past: 'The send time must be in the future',
  invalid: '{{field}} is not valid',
} satisfies Phrases<typeof vi>;
