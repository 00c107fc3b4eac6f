/**
 * Addresses and phone numbers as GoTrue v2.132.3 checks them: an email by the checkmail library's
 * pattern (then lower-cased), a phone with its `+` and blanks removed and then E.164 digits; each
 * refusal is GoTrue's 422 with its words.
 */
import { unprocessable } from './auth-error.js';

/** checkmail's ValidateFormat pattern. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const E164 = /^[1-9][0-9]{1,14}$/;

/** GoTrue's validateEmail: the address lower-cased, or its 422. */
export function validateEmail(email: string): string {
  if (email === '') throw unprocessable('An email address is required');
  if (!EMAIL.test(email)) throw unprocessable('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's formatPhoneNumber. */
export const formatPhone = (phone: string): string => phone.replace(/^\+/, '').replaceAll(' ', '');

/** GoTrue's validatePhone: the number without `+` and blanks, or its 422. */
export function validatePhone(phone: string): string {
  const formatted = formatPhone(phone);
  if (!E164.test(formatted)) throw unprocessable('Invalid phone number format (E.164 required)');
  return formatted;
}
