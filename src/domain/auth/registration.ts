import { isAdult, ageOn, ADULT_AGE } from './age';
import { toUkrainianMobile } from './phone';

/** Longest first or last name, in characters. */
export const NAME_MAX = 50;

// Letters of any alphabet, with an apostrophe or a hyphen inside (Мар’яна, Анна-Марія, O'Neil).
const NAME_RE = /^\p{L}+(?:['’ʼ\- ]\p{L}+)*$/u;
// No spaces, control characters or the specials of RFC 5322 outside quotes.
const EMAIL_RE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /^[^\s\u0000-\u001f\u007f@"<>()[\]\\,;:]+@[^\s\u0000-\u001f\u007f@"<>()[\]\\,;:]+\.[^\s\u0000-\u001f\u007f@"<>()[\]\\,;:]{2,}$/;

/** A first or last name: 1–50 letters; an apostrophe, hyphen or single space may join parts. */
export function isValidName(name: string): boolean {
  const n = name.trim();
  return n.length >= 1 && n.length <= NAME_MAX && NAME_RE.test(n);
}

/** The form e-mails are kept in: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A well-formed address of at most 254 characters (RFC 5321's limit). */
export function isValidEmail(email: string): boolean {
  const e = normalizeEmail(email);
  return e.length <= 254 && EMAIL_RE.test(e) && !e.includes('..');
}

export interface RegistrationForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date?: string | null;
  adult_confirmed?: boolean | null;
  referrer?: string | null;
}

export interface CleanRegistration {
  first_name: string;
  last_name: string;
  email: string;
  /** 380XXXXXXXXX. */
  phone: string;
  birth_date: string | null;
  adult_confirmed: boolean;
  /** Upper-cased invite code, or null when none or not of the REW- form. */
  referrer: string | null;
}

export type RegistrationProblem = {
  field: keyof RegistrationForm;
  /** 'invalid' for a malformed field, 'underage' for a person under 18. */
  kind: 'invalid' | 'underage';
  message: string;
};

/** docs/rules.md#validation, docs/rules.md#constants: a friend code carries the REW- prefix and is longer than 4 characters. */
export function asInviteCode(code: string | null | undefined): string | null {
  const c = (code ?? '').trim().toUpperCase();
  return c.length > 4 && c.startsWith('REW-') && c.length <= 32 ? c : null;
}

/** Every field of a registration form that is wrong, in the form's order, each with its message. */
export function registrationProblems(form: RegistrationForm, today: Date): RegistrationProblem[] {
  const out: RegistrationProblem[] = [];
  const bad = (field: keyof RegistrationForm, message: string, kind: RegistrationProblem['kind'] = 'invalid') =>
    void out.push({ field, kind, message });
  if (!isValidName(form.first_name)) bad('first_name', `Ім’я: від 1 до ${NAME_MAX} літер`);
  if (!isValidName(form.last_name)) bad('last_name', `Прізвище: від 1 до ${NAME_MAX} літер`);
  if (!isValidEmail(form.email)) bad('email', 'Вкажи коректну електронну пошту');
  if (!toUkrainianMobile(form.phone)) bad('phone', 'Вкажи український мобільний номер: +380 і 9 цифр');
  const birth = form.birth_date ?? null;
  if (birth !== null) {
    const age = ageOn(birth, today);
    if (age === null || age > 120 || age < 0) bad('birth_date', 'Вкажи коректну дату народження');
    else if (!isAdult(birth, today)) bad('birth_date', `Реєстрація доступна лише з ${ADULT_AGE} років`, 'underage');
  } else if (form.adult_confirmed !== true) {
    bad('adult_confirmed', `Підтверди, що тобі вже виповнилося ${ADULT_AGE} років`);
  }
  return out;
}

/**
 * Checks a registration form and brings it to the stored form. An adult is one of 18 or more
 * on `today` by the birth date; without a date the person must confirm being an adult.
 */
export function checkRegistration(
  form: RegistrationForm,
  today: Date,
): { ok: true; value: CleanRegistration } | { ok: false; problem: RegistrationProblem } {
  const [problem] = registrationProblems(form, today);
  if (problem) return { ok: false, problem };
  const phone = toUkrainianMobile(form.phone)!;
  const birth = form.birth_date ?? null;
  return {
    ok: true,
    value: {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      email: normalizeEmail(form.email),
      phone,
      birth_date: birth,
      adult_confirmed: true,
      referrer: asInviteCode(form.referrer),
    },
  };
}
