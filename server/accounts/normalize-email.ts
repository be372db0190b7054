/** E-mail addresses are kept and compared lower-cased, without surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()
