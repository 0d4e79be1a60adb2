/** Where the age question may send a visitor on: sign-in or registration. */
export const IS18_NEXT_PATHS: readonly string[] = ['/auth', '/registration'];

/** The screen /is18 goes on to: a listed `next`, else /auth. */
export function is18Next(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && IS18_NEXT_PATHS.includes(next) ? next : '/auth';
}
