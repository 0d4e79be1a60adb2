/** XP awarded once per serial when a member registers a device (/device-reg). */
export const DEVICE_REGISTRATION_XP = 100;

/** A device serial: letters and digits, 8 to 20 of them, once spaces and dashes are dropped. */
const SERIAL = /^[A-Z0-9]{8,20}$/;

/** What a serial looks like, said to the member when one is not (the app's field, the server's 400). */
export const SERIAL_FORMAT_MESSAGE = 'серійний номер — це від 8 до 20 латинських літер і цифр';

/** «ab12-cd34 ef56» -> «AB12CD34EF56»: serials are compared in this form. */
export function normalizeSerial(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidSerial(input: string): boolean {
  return SERIAL.test(normalizeSerial(input));
}
