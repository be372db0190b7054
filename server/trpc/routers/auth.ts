import { router } from '../init.ts'
import { changePassword } from '../procedures/auth/change-password.ts'
import { confirmEmail } from '../procedures/auth/confirm-email.ts'
import { createOrder } from '../procedures/auth/create-order.ts'
import { login } from '../procedures/auth/login.ts'
import { logout } from '../procedures/auth/logout.ts'
import { oauthLogin } from '../procedures/auth/oauth-login.ts'
import { plans } from '../procedures/auth/plans.ts'
import { refreshToken } from '../procedures/auth/refresh-token.ts'
import { register } from '../procedures/auth/register.ts'
import { requestPasswordReset } from '../procedures/auth/request-password-reset.ts'
import { resetPassword } from '../procedures/auth/reset-password.ts'
import { settings } from '../procedures/auth/settings.ts'
import { subscription } from '../procedures/auth/subscription.ts'
import { supabaseLogin } from '../procedures/auth/supabase-login.ts'
import { validate } from '../procedures/auth/validate.ts'
import { verifyPayment } from '../procedures/auth/verify-payment.ts'

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
