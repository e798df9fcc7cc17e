/**
 * How long the links and challenges of the account e-mails and two-factor
 * sign-in last (docs/decisions/0018-account-security.md).
 */
export const RESET_LINK_MINUTES = 60;
export const EMAIL_VERIFICATION_LINK_HOURS = 24;
/** Between the password and the code of a two-factor sign-in. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
