import { router } from '#server/trpc/init.ts'
import { changePassword } from '#server/trpc/procedures/auth/change-password.ts'
import { confirmEmail } from '#server/trpc/procedures/auth/confirm-email.ts'
import { createOrder } from '#server/trpc/procedures/auth/create-order.ts'
import { login } from '#server/trpc/procedures/auth/login.ts'
import { logout } from '#server/trpc/procedures/auth/logout.ts'
import { oauthLogin } from '#server/trpc/procedures/auth/oauth-login.ts'
import { plans } from '#server/trpc/procedures/auth/plans.ts'
import { refreshToken } from '#server/trpc/procedures/auth/refresh-token.ts'
import { register } from '#server/trpc/procedures/auth/register.ts'
import { requestPasswordReset } from '#server/trpc/procedures/auth/request-password-reset.ts'
import { resetPassword } from '#server/trpc/procedures/auth/reset-password.ts'
import { settings } from '#server/trpc/procedures/auth/settings.ts'
import { subscription } from '#server/trpc/procedures/auth/subscription.ts'
import { supabaseLogin } from '#server/trpc/procedures/auth/supabase-login.ts'
import { validate } from '#server/trpc/procedures/auth/validate.ts'
import { verifyPayment } from '#server/trpc/procedures/auth/verify-payment.ts'

export const authRouter = router({
  settings,
  register,
  login,
  logout,
  validate,
  refreshToken,
  changePassword,
  requestPasswordReset,
  resetPassword,
  confirmEmail,
  supabaseLogin,
  oauthLogin,
  subscription,
  plans,
  createOrder,
  verifyPayment,
})
