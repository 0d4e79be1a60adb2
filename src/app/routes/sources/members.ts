/** Members: home, age check, sign-in, registration, content pages, landing, QR, verification, profile. */
export const MEMBER_PAGES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/is18': 'src/features/auth/is18-page.tsx',
  '/auth': 'src/features/auth/auth-page.tsx',
  '/registration': 'src/features/auth/registration-page.tsx',
  '/user-agreement': 'src/features/content-pages/user-agreement-page.tsx',
  '/rules': 'src/features/content-pages/rules-page.tsx',
  '/landing': 'src/features/landing/landing-page.tsx',
  '/qr': 'src/features/qr/qr-page.tsx',
  '/verification': 'src/features/verification/verification-page.tsx',
  '/verification/other': 'src/features/verification/verification-other-page.tsx',
  '/profile': 'src/features/profile/profile-page.tsx',
  '/profile/referral': 'src/features/profile/referral-page.tsx',
};
