/** Sign-up and sign-in rules and texts, shared by the API and the pages so both say the same words. */
export const namePattern = { min: 2, max: 50 } as const
export const passwordRule = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const messages = {
  fillAllFields: 'Please fill in all fields.',
  firstNameLength: 'First name must be between 2 and 50 characters.',
  lastNameLength: 'Last name must be between 2 and 50 characters.',
  invalidEmail: 'Please enter a valid email address.',
  passwordStrength: 'Password must be at least 8 characters with 1 uppercase, 1 lowercase, and 1 number.',
  passwordsDoNotMatch: 'Passwords do not match.',
  enterEmailAndPassword: 'Please enter both email and password.',
  enterEmail: 'Please enter your email address.',
  fillBothPasswords: 'Please fill in both password fields.',
  invalidCredentials:
    "Invalid email or password. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login.",
  alreadyRegistered:
    "This email is already registered. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login.",
  accountCreated: 'Account created! Please check your email to confirm your account.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new one.',
  resetRequested: 'If an account exists for that email address, we have sent a link to reset the password.',
  confirmationResent: 'If this address has an account waiting for confirmation, a new confirmation link is on its way.',
} as const
