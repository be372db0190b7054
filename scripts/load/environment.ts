/** The signing secret of every load run's server, so that a token one server issued is taken by another. */
export const loadJwtSecret = 'load-test-secret-that-is-long-enough-for-hs256'

/** Production mode, with placeholders for the services a load run never calls (payments, SMTP). */
export function loadEnvironment(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    AUTH_JWT_SECRET: loadJwtSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    RAZORPAY_KEY_ID: 'rzp_test_loadrun',
    RAZORPAY_KEY_SECRET: 'unused',
    RAZORPAY_WEBHOOK_SECRET: 'unused',
    SMTP_URL: 'smtp://127.0.0.1:9',
    OPERATOR_ADDRESS: '1 Load Street, Bengaluru',
    OPERATOR_GSTIN: '29ABCDE1234F1Z5',
  }
}
