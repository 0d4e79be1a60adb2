/** XP awarded once per serial when a member registers a device (/device-reg). */
export const DEVICE_REGISTRATION_XP = 100;

/** A device serial: letters and digits, 8 to 20 of them, once spaces and dashes are dropped. */
const SERIAL = /^[A-Z0-9]{8,20}$/;

/** «ab12-cd34 ef56» -> «AB12CD34EF56»: serials are compared in this form. */
export function normalizeSerial(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidSerial(input: string): boolean {
  return SERIAL.test(normalizeSerial(input));
}
