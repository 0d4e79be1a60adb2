import { clubName, type Brand } from '../../domain/club/brand';

/** «Клуб glo · 18+» or «Клуб ogo · 18+»: the brand of the host or of the member (docs/rules.md#screens brand naming). */
export const authKicker = (brand: Brand) => `${clubName(brand)} · 18+`;

/** The words of the sign-in and registration screens, in one place. */
export const AUTH_COPY = {
  title: 'Вхід до клубу',
  lead: 'Введи номер телефону — надішлемо SMS з кодом для входу.',
  phoneLabel: 'Номер телефону',
  phonePlaceholder: '+380 50 123 45 67',
  phoneHint: 'Український мобільний номер',
  submit: 'Отримати код',
  noAccount: 'Ще не в клубі?',
  join: 'Зареєструватися',
  unregisteredTitle: 'Цей номер ще не в клубі',
  unregisteredText: (phone: string) =>
    `Номер ${phone} не зареєстровано. Реєстрація займе хвилину — і XP за покупки почнуть накопичуватися.`,
  changePhone: 'Змінити номер',
  note: '18+ Продукція містить нікотин, який викликає залежність. Лише для повнолітніх.',
  sessionEnded: (lost: string) => `Сесія завершилася, тож довелося вийти: ${lost}. Увійди знову.`,
} as const;

export const CODE_COPY = {
  title: 'Введи код з SMS',
  sentTo: (phone: string) => `Ми надіслали 6-значний код на ${phone}.`,
  label: 'Код з SMS',
  confirm: 'Увійти',
  confirmRegistration: 'Підтвердити реєстрацію',
  resend: 'Надіслати код ще раз',
  resendWait: (s: number) => `Надіслати код ще раз · ${s} с`,
  resendIn: (s: number) => `Новий код можна отримати через ${s} с`,
  resent: 'Новий код надіслано',
  expiredHint: 'Цей код більше не дійсний — надішли новий.',
  back: 'Змінити номер',
  // Nothing was sent: the server allows one SMS a minute per phone (429 with Retry-After).
  waitTitle: 'Код ще не надіслано',
  waitText: (phone: string) =>
    `SMS на ${phone} можна надсилати раз на хвилину, а попереднє пішло щойно. Тож код для входу поки не відправлено — попроси його, щойно мине час.`,
  waitSend: 'Надіслати код',
  waitSendIn: (s: number) => `Надіслати код · ${s} с`,
} as const;

export const REGISTRATION_COPY = {
  title: 'Приєднуйся до клубу',
  lead: 'XP за покупки й сканування, подарунки та новинки першим.',
  firstName: 'Ім’я',
  lastName: 'Прізвище',
  email: 'Електронна пошта',
  emailTaken: 'Ця електронна пошта вже використовується',
  emailInvalid: 'Вкажи коректну електронну пошту',
  phone: 'Номер телефону',
  birthDate: 'Дата народження',
  birthHint: 'Клуб — лише для тих, кому вже є 18',
  adult: 'Не вказувати дату: підтверджую, що мені вже виповнилося 18 років',
  invite: 'Код запрошення (необов’язково)',
  inviteHint: 'Якщо друг поділився з тобою кодом REW-…',
  consentBefore: 'Натискаючи «Отримати код», ти погоджуєшся з ',
  consentLink: 'Угодою користувача',
  submit: 'Отримати код',
  haveAccount: 'Уже в клубі?',
  signIn: 'Увійти',
  phoneTaken: 'Цей номер уже в клубі — увійди за кодом з SMS',
} as const;
