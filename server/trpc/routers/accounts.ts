import { router } from '#server/trpc/init.ts'
import { changePassword } from '#server/trpc/procedures/accounts/change-password.ts'
import { checkResetLink } from '#server/trpc/procedures/accounts/check-reset-link.ts'
import { confirmEmail } from '#server/trpc/procedures/accounts/confirm-email.ts'
import { deleteAccountProcedure } from '#server/trpc/procedures/accounts/delete-account.ts'
import { login } from '#server/trpc/procedures/accounts/login.ts'
import { logout } from '#server/trpc/procedures/accounts/logout.ts'
import { oauthLogin } from '#server/trpc/procedures/accounts/oauth-login.ts'
import { refreshToken } from '#server/trpc/procedures/accounts/refresh-token.ts'
import { register } from '#server/trpc/procedures/accounts/register.ts'
import { requestPasswordReset } from '#server/trpc/procedures/accounts/request-password-reset.ts'
import { resendConfirmation } from '#server/trpc/procedures/accounts/resend-confirmation.ts'
import { sandboxGoogleAuthorize, sandboxGoogleExchange } from '#server/trpc/procedures/accounts/sandbox-google.ts'
import { resetPassword } from '#server/trpc/procedures/accounts/reset-password.ts'
import { signInSettings } from '#server/trpc/procedures/accounts/sign-in-settings.ts'
import { signOutEverywhereProcedure } from '#server/trpc/procedures/accounts/sign-out-everywhere.ts'
import { supabaseLogin } from '#server/trpc/procedures/accounts/supabase-login.ts'
import { updateProfileProcedure } from '#server/trpc/procedures/accounts/update-profile.ts'
import {
  authenticatorsProcedure,
  confirmEnrolmentProcedure,
  removeAuthenticatorProcedure,
  renameAuthenticatorProcedure,
  startEnrolmentProcedure,
} from '#server/trpc/procedures/accounts/authenticators.ts'
import { regenerateRecoveryCodesProcedure } from '#server/trpc/procedures/accounts/regenerate-recovery-codes.ts'
import { verifySecondStep } from '#server/trpc/procedures/accounts/verify-second-step.ts'
import { validate } from '#server/trpc/procedures/accounts/validate.ts'

/** Signing up, in and out, the tokens of a sign-in, and the account itself. */
export const accountsRouter = router({
  signInSettings,
  register,
  login,
  logout,
  validate,
  refreshToken,
  changePassword,
  requestPasswordReset,
  checkResetLink,
  resetPassword,
  confirmEmail,
  resendConfirmation,
  supabaseLogin,
  oauthLogin,
  sandboxGoogleAuthorize,
  sandboxGoogleExchange,
  updateProfile: updateProfileProcedure,
  signOutEverywhere: signOutEverywhereProcedure,
  delete: deleteAccountProcedure,
  verifySecondStep,
  authenticators: authenticatorsProcedure,
  startEnrolment: startEnrolmentProcedure,
  confirmEnrolment: confirmEnrolmentProcedure,
  renameAuthenticator: renameAuthenticatorProcedure,
  removeAuthenticator: removeAuthenticatorProcedure,
  regenerateRecoveryCodes: regenerateRecoveryCodesProcedure,
})
